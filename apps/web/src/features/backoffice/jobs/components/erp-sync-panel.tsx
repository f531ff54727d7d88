import { Alert, Badge, Button, Card, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ErpSync } from '@shop/domain';
import { IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryState } from '../../../../components/retry-state';
import { useLanguage } from '../../../../hooks/use-language';
import { formatDateTime } from '../../../../lib/format';
import { loadModals } from '../../../../lib/modals';
import { refusalOf } from '../../sales/components/order-format';
import { notifySaved } from '../../scaffold/notify';
import { type ErpSubject, erpKeys, getErpStatus, listErpSyncs, resendOrderToErp } from '../api/erp';

/**
 * The ERP synchronisation of an order or a customer (SPEC §1, DESIGN §8): whether it is on, each sync
 * with who asked for it and every attempt with the ERP's answer; an order can be re-sent after a
 * confirmation.
 */

const STATE_COLORS: Record<ErpSync['status'], string> = { queued: 'yellow', sent: 'teal', failed: 'red' };

function confirmResend(orderNo: string): Promise<boolean> {
  return loadModals().then(
    (modals) =>
      new Promise((resolve) => {
        modals.openConfirmModal({
          title: i18n.t('bo.erp.resendTitle'),
          children: i18n.t('bo.erp.resendBody', { orderNo }),
          labels: { confirm: i18n.t('bo.erp.resend'), cancel: i18n.t('bo.confirm.cancel') },
          onConfirm: () => resolve(true),
          onCancel: () => resolve(false),
          onClose: () => resolve(false),
        });
      }),
  );
}

/** A sync's state as a badge (also the orders' and customers' list columns). */
export function ErpSyncBadge({ state }: { state: ErpSync['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATE_COLORS[state]} radius="sm" miw="max-content">
      {t(`bo.orders.erpSync.${state}`)}
    </Badge>
  );
}

function SyncRow({ sync }: { sync: ErpSync }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(sync.created_at, lng)}</Table.Td>
      <Table.Td>
        <ErpSyncBadge state={sync.status} />
      </Table.Td>
      <Table.Td>{sync.requested_by ?? t('bo.erp.automatic')}</Table.Td>
      <Table.Td>{sync.sent_at ? formatDateTime(sync.sent_at, lng) : '—'}</Table.Td>
      <Table.Td>
        {sync.attempts.length === 0 ? (
          t('bo.erp.noAttempts')
        ) : (
          <List size="sm" spacing={2}>
            {sync.attempts.map((a) => (
              <List.Item key={a.at}>
                {formatDateTime(a.at, lng)} · {t(a.ok ? 'bo.erp.attemptOk' : 'bo.erp.attemptFailed')}:{' '}
                {a.answer}
              </List.Item>
            ))}
          </List>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** `children`: what the record adds under the title (a customer's ERP code and link action). */
export function ErpSyncPanel({ subject, children }: { subject: ErpSubject; children?: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const status = useQuery({ queryKey: erpKeys.status, queryFn: ({ signal }) => getErpStatus(signal) });
  const syncs = useQuery({
    queryKey: erpKeys.syncs(subject),
    queryFn: ({ signal }) => listErpSyncs(subject, signal),
  });
  const orderNo = subject.kind === 'order' ? subject.orderNo : null;

  async function resend(no: string) {
    if (!(await confirmResend(no))) return;
    setSending(true);
    setError(null);
    try {
      await resendOrderToErp(no);
      notifySaved(t('bo.erp.resent'));
      await queryClient.invalidateQueries({ queryKey: ['bo', 'erp'] });
    } catch (cause) {
      setError(refusalOf(cause));
    } finally {
      setSending(false);
    }
  }

  return (
    <Card withBorder component="section" aria-labelledby="erp-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="erp-title">
            {t('bo.erp.title')}
          </Title>
          {orderNo && (
            <Button
              variant="default"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={sending}
              onClick={() => void resend(orderNo)}
            >
              {t('bo.erp.resend')}
            </Button>
          )}
        </Group>
        {status.data && !status.data.enabled && (
          <Alert variant="light" color="yellow">
            {t('bo.erp.off')}
          </Alert>
        )}
        {children}
        {error && (
          <Alert variant="light" color="red" role="alert">
            {error}
          </Alert>
        )}
        {syncs.isError ? (
          <RetryState title={t('bo.erp.loadError')} onRetry={() => void syncs.refetch()} />
        ) : syncs.isPending ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : syncs.data.length === 0 ? (
          <Text c="dimmed">{t('bo.erp.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" aria-label={t('bo.erp.history')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bo.erp.createdAt')}</Table.Th>
                  <Table.Th>{t('bo.erp.state')}</Table.Th>
                  <Table.Th>{t('bo.erp.requestedBy')}</Table.Th>
                  <Table.Th>{t('bo.erp.sentAt')}</Table.Th>
                  <Table.Th>{t('bo.erp.attempts')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {syncs.data.map((sync) => (
                  <SyncRow key={sync.id} sync={sync} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
