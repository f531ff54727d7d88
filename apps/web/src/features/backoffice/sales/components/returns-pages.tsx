import {
  Alert,
  Anchor,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  type BackofficeReturnDetail,
  type BackofficeReturnListItem,
  RETURN_STATUSES,
  type ReturnStatus,
} from '@shop/domain';
import { IconChevronLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ReturnStatusBadge } from '../../../../components/returns/return-status-badge';
import { useLanguage } from '../../../../hooks/use-language';
import { usePageTitle } from '../../../../hooks/use-page-title';
import type { TranslationKey } from '../../../../i18n/keys';
import { formatDate, formatDateTime, formatMoney } from '../../../../lib/format';
import { loadModals } from '../../../../lib/modals';
import { useWarehouseChoices } from '../../catalogue/api/warehouse-transactions';
import { Facts, Section } from '../../scaffold/detail-sections';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { LoadFailure } from '../../scaffold/load-failure';
import { notifySaved } from '../../scaffold/notify';
import {
  getReturn,
  listReturns,
  type ReturnAction,
  returnKeys,
  returnPhotoUrl,
  runReturnAction,
} from '../api/returns';
import { refusalOf } from './order-format';

/**
 * Issue 21 point 5 /backoffice/returns: the customers' return requests by status and search, and one
 * return with its rows (shipped, asked, received), photos, credit note and refund, and the steps its
 * status allows (DESIGN §6 rule 19), each behind a dialog or a confirmation.
 */

const LIST = '/backoffice/returns';
const lng = () => (i18n.resolvedLanguage === 'en' ? 'en' : 'it');
const statusLabel = (status: ReturnStatus) => i18n.t(`returns.status.${status}` as TranslationKey);
/** The return's name: its RMA number once authorised, else #id. */
export const returnName = (r: { id: number; number: string | null }) =>
  r.number ?? i18n.t('bo.returns.unnumbered', { id: r.id });

function useStatusChoices() {
  const { t } = useTranslation();
  return RETURN_STATUSES.map((value) => ({ value, label: t(`returns.status.${value}`) }));
}

const listConfig: ListPageConfig<BackofficeReturnListItem> = {
  titleKey: 'bo.pages.returns',
  queryKey: returnKeys.list,
  fetch: listReturns,
  searchPlaceholderKey: 'bo.returns.searchPlaceholder',
  columns: [
    { key: 'number', labelKey: 'bo.returns.number', render: returnName },
    { key: 'order_no', labelKey: 'bo.returns.order' },
    { key: 'customer', labelKey: 'bo.returns.customer', render: (r) => r.customer.name },
    { key: 'created_at', labelKey: 'bo.returns.date', render: (r) => formatDate(r.created_at, lng()) },
    { key: 'status', labelKey: 'bo.returns.status', render: (r) => <ReturnStatusBadge status={r.status} /> },
    { key: 'pieces', labelKey: 'bo.returns.pieces', align: 'right' },
  ],
  filters: [{ kind: 'select', key: 'status', labelKey: 'bo.returns.status', useOptions: useStatusChoices }],
  rowKey: (r) => r.id,
  rowLink: (r) => `${LIST}/${r.id}`,
  linkColumn: 'number',
};

export function ReturnsPage() {
  return <ListPage config={listConfig} />;
}

function RowsTable({ ret }: { ret: BackofficeReturnDetail }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('bo.returns.columns.sku')}</Table.Th>
            <Table.Th scope="col">{t('bo.returns.columns.description')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('bo.returns.columns.shipped')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('bo.returns.columns.asked')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('bo.returns.columns.received')}
            </Table.Th>
            <Table.Th scope="col">{t('bo.returns.columns.reason')}</Table.Th>
            <Table.Th scope="col">{t('bo.returns.columns.note')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ret.rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td ff="monospace">{row.sku}</Table.Td>
              <Table.Td>{row.description}</Table.Td>
              <Table.Td ta="right">{row.shipped}</Table.Td>
              <Table.Td ta="right">{row.quantity}</Table.Td>
              <Table.Td ta="right">{row.received_qty ?? '—'}</Table.Td>
              <Table.Td>{t(`returns.reasons.${row.reason}`)}</Table.Td>
              <Table.Td>{row.note ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type Dialog = 'authorise' | 'refuse' | 'cancel' | 'receive' | null;

/** Authorise, refuse or cancel: one text the customer is mailed (instructions, or the reason). */
function TextStepDialog({
  ret,
  kind,
  onClose,
}: {
  ret: BackofficeReturnDetail;
  kind: 'authorise' | 'refuse' | 'cancel';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = kind === 'authorise' ? 'instructions' : 'note';
  async function confirm() {
    setBusy(true);
    setError(null);
    const action: ReturnAction = kind === 'authorise' ? { kind, instructions: text } : { kind, note: text };
    try {
      const done = await runReturnAction(ret.id, action);
      notifySaved(t('bo.returns.done', { status: statusLabel(done.status) }));
      onClose();
    } catch (cause) {
      setError(refusalOf(cause, field));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(`bo.returns.actions.${kind}`)}
      closeButtonProps={{ 'aria-label': t('bo.returns.close') }}
    >
      <Stack gap="sm">
        <Textarea
          label={t(kind === 'authorise' ? 'bo.returns.instructions' : 'bo.returns.note')}
          description={t(`bo.returns.${kind}Hint`)}
          required
          autosize
          minRows={3}
          maxLength={2000}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('bo.returns.close')}
          </Button>
          <Button
            color={kind === 'authorise' ? undefined : 'red'}
            loading={busy}
            disabled={!text.trim()}
            onClick={() => void confirm()}
          >
            {t(`bo.returns.actions.${kind}`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Receive: per row what came back (0 up to what was asked) and the warehouse it goes to. */
function ReceiveDialog({ ret, onClose }: { ret: BackofficeReturnDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const warehouses = useWarehouseChoices('id');
  const [warehouse, setWarehouse] = useState<string | null>(null);
  const [received, setReceived] = useState<Record<number, number>>(() =>
    Object.fromEntries(ret.rows.map((r) => [r.id, r.quantity])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    setError(null);
    setErrors({});
    const rows = ret.rows.map((r) => ({ row_id: r.id, quantity: received[r.id] ?? 0 }));
    try {
      const done = await runReturnAction(ret.id, {
        kind: 'receive',
        body: { warehouse_id: Number(warehouse), rows },
      });
      notifySaved(t('bo.returns.done', { status: statusLabel(done.status) }));
      onClose();
    } catch (cause) {
      const onRows: Record<string, string> = {};
      for (const [path, messages] of Object.entries(
        (cause as { errors?: Record<string, string[]> }).errors ?? {},
      )) {
        const match = /^rows\.(\d+)\.quantity$/.exec(path);
        const row = match && ret.rows[Number(match[1])];
        if (row && messages[0]) onRows[row.id] = refusalOf(cause, path);
      }
      setErrors(onRows);
      if (Object.keys(onRows).length === 0) setError(refusalOf(cause));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('bo.returns.actions.receive')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('bo.returns.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('bo.returns.receiveHint')}</Text>
        <Select
          label={t('bo.returns.warehouse')}
          data={warehouses}
          value={warehouse}
          onChange={setWarehouse}
          required
          data-autofocus
        />
        {ret.rows.map((row) => (
          <NumberInput
            key={row.id}
            label={t('bo.returns.receivedLabel', { sku: row.sku, asked: row.quantity })}
            description={row.description}
            min={0}
            max={row.quantity}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            value={received[row.id] ?? 0}
            onChange={(value) => setReceived((current) => ({ ...current, [row.id]: Number(value) || 0 }))}
            error={errors[row.id]}
          />
        ))}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('bo.returns.close')}
          </Button>
          <Button loading={busy} disabled={!warehouse} onClick={() => void confirm()}>
            {t('bo.returns.actions.receive')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

async function confirmed(title: string, body: string): Promise<boolean> {
  const modals = await loadModals();
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: body,
      labels: { confirm: i18n.t('bo.returns.confirm'), cancel: i18n.t('bo.returns.close') },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

function ReturnActions({
  ret,
  onRefused,
}: {
  ret: BackofficeReturnDetail;
  onRefused: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<'credit' | 'refund' | null>(null);
  const total = ret.credit_note ? ret.credit_note.amount + ret.credit_note.vat : 0;

  async function run(kind: 'credit' | 'refund') {
    const body =
      kind === 'credit'
        ? t('bo.returns.creditBody', { name: returnName(ret) })
        : t(ret.refund_method === 'gateway' ? 'bo.returns.refundGatewayBody' : 'bo.returns.refundBankBody', {
            amount: formatMoney(total, lng),
          });
    if (!(await confirmed(t(`bo.returns.actions.${kind}`), body))) return;
    setBusy(kind);
    onRefused(null);
    try {
      const done = await runReturnAction(ret.id, { kind });
      notifySaved(
        kind === 'refund'
          ? t('bo.returns.refunded')
          : t('bo.returns.done', { status: statusLabel(done.status) }),
      );
    } catch (cause) {
      onRefused(refusalOf(cause));
    } finally {
      setBusy(null);
    }
  }

  const next = ret.next_statuses;
  return (
    <Group gap="xs">
      {next.includes('authorised') && (
        <Button onClick={() => setDialog('authorise')}>{t('bo.returns.actions.authorise')}</Button>
      )}
      {next.includes('refused') && (
        <Button variant="light" color="red" onClick={() => setDialog('refuse')}>
          {t('bo.returns.actions.refuse')}
        </Button>
      )}
      {next.includes('received') && (
        <Button onClick={() => setDialog('receive')}>{t('bo.returns.actions.receive')}</Button>
      )}
      {next.includes('cancelled') && (
        <Button variant="light" color="red" onClick={() => setDialog('cancel')}>
          {t('bo.returns.actions.cancel')}
        </Button>
      )}
      {next.includes('credited') && (
        <Button loading={busy === 'credit'} onClick={() => void run('credit')}>
          {t('bo.returns.actions.credit')}
        </Button>
      )}
      {ret.status === 'credited' && !ret.refund && (
        <Button loading={busy === 'refund'} onClick={() => void run('refund')}>
          {t('bo.returns.actions.refund')}
        </Button>
      )}
      {(dialog === 'authorise' || dialog === 'refuse' || dialog === 'cancel') && (
        <TextStepDialog ret={ret} kind={dialog} onClose={() => setDialog(null)} />
      )}
      {dialog === 'receive' && <ReceiveDialog ret={ret} onClose={() => setDialog(null)} />}
    </Group>
  );
}

function ReturnMoney({ ret }: { ret: BackofficeReturnDetail }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const money = (cents: number) => formatMoney(cents, lng);
  const refund = ret.refund;
  return (
    <Facts
      items={[
        [
          'bo.returns.creditNote',
          ret.credit_note &&
            `${ret.credit_note.number} · ${formatDate(ret.credit_note.date, lng)} · ${money(ret.credit_note.amount + ret.credit_note.vat)}`,
        ],
        [
          'bo.returns.refund',
          refund &&
            `${
              refund.method === 'gateway'
                ? t('bo.returns.refundGateway', {
                    amount: money(refund.amount),
                    reference: refund.reference ?? '—',
                  })
                : t('bo.returns.refundBank', { amount: money(refund.amount) })
            } · ${formatDateTime(refund.refunded_at, lng)}`,
        ],
      ]}
    />
  );
}

export function ReturnPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const id = useParams().id ?? '';
  const [refusal, setRefusal] = useState<string | null>(null);
  const query = useQuery({ queryKey: returnKeys.detail(id), queryFn: ({ signal }) => getReturn(id, signal) });
  const ret = query.data;
  const name = ret ? returnName(ret) : `#${id}`;
  usePageTitle(`${t('bo.pages.return')} ${name}`);

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={LIST} size="sm">
          <Group gap={4} component="span">
            <IconChevronLeft size={14} aria-hidden />
            {t('bo.pages.returns')}
          </Group>
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1}>{t('bo.returns.heading', { name })}</Title>
          {ret && <ReturnStatusBadge status={ret.status} />}
        </Group>
        {ret && (
          <Text c="dimmed">
            {formatDate(ret.created_at, lng)} ·{' '}
            <Anchor component={Link} to={`/backoffice/orders/${encodeURIComponent(ret.order_no)}`}>
              {ret.order_no}
            </Anchor>{' '}
            · {ret.customer.name}
          </Text>
        )}
      </div>
      {query.isError ? (
        <LoadFailure
          error={query.error}
          retryTitle={t('bo.detail.loadError')}
          onRetry={() => void query.refetch()}
          listPath={LIST}
        />
      ) : !ret ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : (
        <>
          <ReturnActions ret={ret} onRefused={setRefusal} />
          {refusal && (
            <Alert variant="light" color="red" role="alert" withCloseButton onClose={() => setRefusal(null)}>
              {refusal}
            </Alert>
          )}
          <Section titleKey="bo.returns.sections.rows">
            <RowsTable ret={ret} />
          </Section>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Section titleKey="bo.returns.sections.details">
              <Facts
                items={[
                  [
                    'bo.returns.customer',
                    `${ret.customer.name}${ret.customer.email ? ` (${ret.customer.email})` : ''}`,
                  ],
                  ['bo.returns.instructions', ret.instructions],
                  ['bo.returns.staffNote', ret.staff_note],
                  ['bo.returns.warehouse', ret.warehouse?.code ?? null],
                  ['bo.returns.authorisedAt', ret.authorised_at && formatDateTime(ret.authorised_at, lng)],
                  ['bo.returns.receivedAt', ret.received_at && formatDateTime(ret.received_at, lng)],
                  ['bo.returns.creditedAt', ret.credited_at && formatDateTime(ret.credited_at, lng)],
                ]}
              />
            </Section>
            <Section titleKey="bo.returns.sections.money">
              <ReturnMoney ret={ret} />
            </Section>
          </SimpleGrid>
          <Section titleKey="bo.returns.sections.photos">
            {ret.photo_names.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('bo.returns.noPhotos')}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {ret.photo_names.map((photo, index) => (
                  <Anchor key={photo} href={returnPhotoUrl(ret.id, photo)} target="_blank" rel="noreferrer">
                    <Image
                      src={returnPhotoUrl(ret.id, photo)}
                      alt={t('bo.returns.photoAlt', { n: index + 1 })}
                      radius="sm"
                    />
                  </Anchor>
                ))}
              </SimpleGrid>
            )}
          </Section>
        </>
      )}
    </Stack>
  );
}

/** The order page's list of its returns, each linking to its page. */
export function OrderReturnsList({ items }: { items: BackofficeReturnListItem[] }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('bo.returns.noOrderReturns')}
      </Text>
    );
  return (
    <Stack gap={4}>
      {items.map((r) => (
        <Group key={r.id} gap="sm">
          <Anchor component={Link} to={`${LIST}/${r.id}`}>
            {returnName(r)}
          </Anchor>
          <ReturnStatusBadge status={r.status} />
          <Text size="sm" c="dimmed">
            {formatDate(r.created_at, lng)} · {t('bo.returns.pieces')}: {r.pieces}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
