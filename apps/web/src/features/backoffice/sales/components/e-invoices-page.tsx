import { Button, Collapse, Group, List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { E_INVOICE_STATES, type EInvoice, type EInvoiceState, shopDateOf } from '@shop/domain';
import { IconDownload, IconFileZip, IconRefresh, IconSend } from '@tabler/icons-react';
import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../../i18n/translate-message';
import { ApiError } from '../../../../lib/api-client';
import { formatDate, formatDateTime, formatMoney } from '../../../../lib/format';
import { loadModals } from '../../../../lib/modals';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import type { ListParams } from '../../scaffold/use-list-params';
import {
  downloadFile,
  eInvoiceKeys,
  exportUrl,
  listEInvoices,
  refreshEInvoices,
  regenerateEInvoice,
  sendEInvoices,
} from '../api/e-invoices';
import { EInvoiceStateBadge } from './e-invoice-state-badge';

/**
 * /backoffice/e-invoices (issue 21 points 3 and 4): the FatturaPA files of a period of document dates
 * (this month by default) and state, each with why it is held or rejected and what staff should know;
 * a file's XML, its regeneration after the data is fixed, the period's .zip for the accountant's
 * intermediary, and sending every generated file to the SDI.
 */

const lng = () => (i18n.resolvedLanguage === 'en' ? 'en' : 'it');

const REGENERABLE: readonly EInvoiceState[] = ['held', 'generated', 'rejected'];

/** The error to show: the server's message in the reader's language. */
const problem = (error: unknown) =>
  translateMessage(error instanceof ApiError ? error.message : i18n.t('bo.eInvoices.failed'));

function confirm(title: string, body: string, confirmLabel: string): Promise<boolean> {
  return loadModals().then(
    (modals) =>
      new Promise((resolve) => {
        modals.openConfirmModal({
          title,
          children: body,
          labels: { confirm: confirmLabel, cancel: i18n.t('bo.confirm.cancel') },
          onConfirm: () => resolve(true),
          onCancel: () => resolve(false),
          onClose: () => resolve(false),
        });
      }),
  );
}

/**
 * The state, then why it is held or rejected (red, always shown: staff must act) and, behind a toggle,
 * what staff should know (yellow: a frequent notice, e.g. a private customer without SDI code).
 */
function StateCell({ file }: { file: EInvoice }) {
  const { t } = useTranslation();
  const [showWarnings, setShowWarnings] = useState(false);
  const warningsId = `e-invoice-warnings-${file.id}`;
  return (
    <Stack gap={4} miw={200} maw={360}>
      <Group gap="xs">
        <EInvoiceStateBadge state={file.state} />
        {file.notified_at && (
          <Text size="xs" c="dimmed">
            {formatDateTime(file.notified_at, lng())}
          </Text>
        )}
      </Group>
      {file.errors.length > 0 && (
        <List size="xs" c="red" aria-label={t('bo.eInvoices.errors')}>
          {file.errors.map((e) => (
            <List.Item key={e}>{translateMessage(e)}</List.Item>
          ))}
        </List>
      )}
      {file.warnings.length > 0 && (
        <>
          <Button
            size="compact-xs"
            variant="subtle"
            color="yellow.8"
            w="fit-content"
            px={0}
            aria-expanded={showWarnings}
            aria-controls={warningsId}
            onClick={() => setShowWarnings((shown) => !shown)}
          >
            {t('bo.eInvoices.warningsToggle', { count: file.warnings.length })}
          </Button>
          <Collapse expanded={showWarnings} keepMounted id={warningsId}>
            <List size="xs" c="yellow.8" aria-label={t('bo.eInvoices.warnings')}>
              {file.warnings.map((w) => (
                <List.Item key={w}>{translateMessage(w)}</List.Item>
              ))}
            </List>
          </Collapse>
        </>
      )}
    </Stack>
  );
}

function RowActions({ file }: { file: EInvoice }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'xml' | 'regenerate' | null>(null);
  const run = async (what: 'xml' | 'regenerate', action: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await action();
    } catch (error) {
      notifications.show({ color: 'red', message: problem(error) });
    } finally {
      setBusy(null);
    }
  };
  const regenerate = async () => {
    const ok = await confirm(
      t('bo.eInvoices.regenerateTitle', { file: file.file_name }),
      t(file.state === 'rejected' ? 'bo.eInvoices.regenerateRejected' : 'bo.eInvoices.regenerateBody'),
      t('bo.eInvoices.regenerate'),
    );
    if (!ok) return;
    await run('regenerate', async () => {
      const rebuilt = await regenerateEInvoice(file.id);
      notifications.show({
        color: rebuilt.state === 'held' ? 'yellow' : 'green',
        message: t('bo.eInvoices.regenerated', {
          file: rebuilt.file_name,
          state: t(`bo.eInvoices.states.${rebuilt.state}`),
        }),
      });
      await refreshEInvoices();
    });
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconDownload size={14} aria-hidden />}
        loading={busy === 'xml'}
        onClick={() =>
          run('xml', () => downloadFile(`/api/documents/${file.document.id}/xml`, file.file_name))
        }
        aria-label={t('bo.eInvoices.downloadXml', { file: file.file_name })}
      >
        XML
      </Button>
      {REGENERABLE.includes(file.state) && (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={busy === 'regenerate'}
          onClick={() => void regenerate()}
        >
          {t('bo.eInvoices.regenerate')}
        </Button>
      )}
    </Group>
  );
}

function PeriodActions({ params }: { params: ListParams }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'zip' | 'send' | null>(null);
  const exportZip = async () => {
    setBusy('zip');
    try {
      await downloadFile(exportUrl(params), `e-invoices_${params.from}_${params.to}.zip`);
    } catch (error) {
      notifications.show({ color: 'red', message: problem(error) });
    } finally {
      setBusy(null);
    }
  };
  const send = async () => {
    if (!(await confirm(t('bo.eInvoices.sendTitle'), t('bo.eInvoices.sendBody'), t('bo.eInvoices.send'))))
      return;
    setBusy('send');
    try {
      const result = await sendEInvoices();
      notifications.show({
        color: result.failed.length > 0 ? 'yellow' : 'green',
        message: [
          t('bo.eInvoices.sent', { count: result.sent }),
          ...result.failed.map((f) => t('bo.eInvoices.sendFailed', { file: f.file_name, error: f.error })),
        ].join(' '),
      });
      await refreshEInvoices();
    } catch (error) {
      notifications.show({ color: 'red', message: problem(error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileZip size={16} aria-hidden />}
        loading={busy === 'zip'}
        onClick={() => void exportZip()}
      >
        {t('bo.eInvoices.exportZip')}
      </Button>
      <Button
        leftSection={<IconSend size={16} aria-hidden />}
        loading={busy === 'send'}
        onClick={() => void send()}
      >
        {t('bo.eInvoices.send')}
      </Button>
    </>
  );
}

/** This month in the shop's calendar: its first and last day. */
function thisMonth(): ListParams {
  const today = shopDateOf(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

const stateOptions = () =>
  E_INVOICE_STATES.map((s) => ({ value: s, label: i18n.t(`bo.eInvoices.states.${s}`) }));

const listConfig: ListPageConfig<EInvoice> = {
  titleKey: 'bo.pages.eInvoices',
  queryKey: eInvoiceKeys.list,
  fetch: (params, signal) => listEInvoices(params, signal),
  searchPlaceholderKey: 'bo.eInvoices.search',
  filters: [
    { kind: 'date', key: 'from', labelKey: 'bo.eInvoices.from' },
    { kind: 'date', key: 'to', labelKey: 'bo.eInvoices.to' },
    { kind: 'select', key: 'state', labelKey: 'bo.eInvoices.state', useOptions: stateOptions },
  ],
  columns: [
    // The file's name and when it was sent only on wide screens, so the table fits 1366 px beside
    // the sidebar; the download keeps the name.
    {
      key: 'file_name',
      labelKey: 'bo.eInvoices.fileName',
      visibleFrom: 'xxl',
      render: (e) => <Text ff="monospace">{e.file_name}</Text>,
    },
    {
      key: 'document',
      labelKey: 'bo.eInvoices.document',
      render: (e) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {e.document.number}
          </Text>
          <Text size="xs" c="dimmed">
            {i18n.t(`bo.orders.documents.types.${e.document.type}`)}
          </Text>
        </Stack>
      ),
    },
    { key: 'date', labelKey: 'bo.eInvoices.date', render: (e) => formatDate(e.document.date, lng()) },
    { key: 'order_no', labelKey: 'bo.eInvoices.order', render: (e) => e.order_no ?? '—' },
    { key: 'customer', labelKey: 'bo.eInvoices.customer', render: (e) => e.customer.name },
    {
      key: 'total',
      labelKey: 'bo.eInvoices.total',
      align: 'right',
      render: (e) => formatMoney(e.document.total, lng()),
    },
    { key: 'state', labelKey: 'bo.eInvoices.state', render: (e) => <StateCell file={e} /> },
    {
      key: 'sent_at',
      labelKey: 'bo.eInvoices.sentAt',
      visibleFrom: 'xxl',
      render: (e) => (e.sent_at ? formatDateTime(e.sent_at, lng()) : '—'),
    },
    { key: 'actions', labelKey: 'bo.eInvoices.actions', render: (e) => <RowActions file={e} /> },
  ],
  rowKey: (e) => e.id,
  rowLink: (e) =>
    e.order_no ? `/backoffice/orders/${encodeURIComponent(e.order_no)}` : '/backoffice/e-invoices',
  linkColumn: 'order_no',
  actions: (params) => <PeriodActions params={params} />,
};

export function EInvoicesPage() {
  const [defaults] = useState(thisMonth);
  return <ListPage config={{ ...listConfig, defaults }} />;
}
