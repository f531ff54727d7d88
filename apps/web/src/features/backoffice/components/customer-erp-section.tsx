import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { type Customer, type ErpSync, type ErpSyncState, SHOP_TIME_ZONE } from '@shop/domain';
import { IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryState } from '../../../components/retry-state';
import { useLanguage } from '../../../hooks/use-language';
import { formatDate } from '../../../lib/format';
import { customerKeys, listCustomerErpSyncs, useErpStatus } from '../api/customers';
import { ErpLinkModal } from './customer-erp-link-modal';
import { YesNo } from './yes-no';

const STATE_COLORS: Record<ErpSyncState, string> = { queued: 'blue', sent: 'teal', failed: 'red' };

/** A sync's state as a badge (also the list's column). */
export function ErpSyncBadge({ state }: { state: ErpSyncState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATE_COLORS[state]}>
      {t(`bo.customers.erpStates.${state}`)}
    </Badge>
  );
}

/** An instant as the shop's date and time (dd/MM/yyyy HH:mm in Italian). */
function useDateTime() {
  const lng = useLanguage();
  const time = new Intl.DateTimeFormat(lng, { hour: '2-digit', minute: '2-digit', timeZone: SHOP_TIME_ZONE });
  return (iso: string) => `${formatDate(iso, lng)} ${time.format(new Date(iso))}`;
}

function Attempts({ sync }: { sync: ErpSync }) {
  const { t } = useTranslation();
  const at = useDateTime();
  if (sync.attempts.length === 0) return <Text size="sm">{t('bo.customers.erp.noAttempts')}</Text>;
  return (
    <Stack gap={2}>
      {sync.attempts.map((attempt) => (
        <Text key={attempt.at} size="sm">
          {at(attempt.at)} · {t(attempt.ok ? 'bo.customers.erp.attemptOk' : 'bo.customers.erp.attemptFailed')}
          {attempt.answer ? `: ${attempt.answer}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

function SyncHistory({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const at = useDateTime();
  const syncs = useQuery({
    queryKey: customerKeys.erpSyncs(customerId),
    queryFn: ({ signal }) => listCustomerErpSyncs(customerId, signal),
  });
  if (syncs.isError)
    return <RetryState title={t('bo.list.loadError')} onRetry={() => void syncs.refetch()} />;
  if (syncs.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (syncs.data.length === 0) return <Text c="dimmed">{t('bo.customers.erp.noSyncs')}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" aria-label={t('bo.customers.erp.history')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bo.customers.erp.status')}</Table.Th>
            <Table.Th>{t('bo.customers.erp.when')}</Table.Th>
            <Table.Th>{t('bo.customers.erp.who')}</Table.Th>
            <Table.Th>{t('bo.customers.erp.attempts')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {syncs.data.map((sync) => (
            <Table.Tr key={sync.id}>
              <Table.Td>
                <ErpSyncBadge state={sync.status} />
              </Table.Td>
              <Table.Td>{at(sync.created_at)}</Table.Td>
              <Table.Td>{sync.requested_by ?? t('bo.customers.erp.automatic')}</Table.Td>
              <Table.Td>
                <Attempts sync={sync} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The info tab's ERP section (SPEC §1, DESIGN §8): the ERP code and connected flag, the link to an
 * ERP customer by selection, and the history of the customer's syncs; says so when the sync is off.
 */
export function CustomerErpSection({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const status = useErpStatus();
  const [linking, setLinking] = useState(false);
  const enabled = status.data?.enabled === true;
  return (
    <Stack gap="sm" component="section" aria-labelledby="customer-erp-title">
      <Title order={3} id="customer-erp-title">
        {t('bo.customers.erp.title')}
      </Title>
      {status.data && !enabled && (
        <Alert variant="light" color="gray" title={t('bo.customers.erp.offTitle')}>
          {t('bo.customers.erp.off')}
        </Alert>
      )}
      <Group gap="xl">
        <div>
          <Text size="sm" c="dimmed">
            {t('bo.customers.erp.code')}
          </Text>
          <Text ff="monospace">{customer.erp_code ?? '—'}</Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            {t('bo.customers.erp.connected')}
          </Text>
          <YesNo value={customer.erp_connected} />
        </div>
        {enabled && (
          <Button
            variant="light"
            leftSection={<IconLink size={16} aria-hidden />}
            onClick={() => setLinking(true)}
          >
            {t(customer.erp_connected ? 'bo.customers.erp.relink' : 'bo.customers.erp.link')}
          </Button>
        )}
      </Group>
      <Title order={4}>{t('bo.customers.erp.history')}</Title>
      <SyncHistory customerId={customer.id} />
      {linking && <ErpLinkModal customer={customer} onClose={() => setLinking(false)} />}
    </Stack>
  );
}
