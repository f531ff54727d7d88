import { Table, Text } from '@mantine/core';
import {
  STOCK_MOVEMENT_OPERATIONS,
  type StockMovementInput,
  StockMovementInputSchema,
  type StockMovementResult,
  shopDateOf,
  type WarehouseOperation,
  type WarehouseTransaction,
} from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../../hooks/use-language';
import type { TranslationKey } from '../../../../i18n/keys';
import { formatDate } from '../../../../lib/format';
import { DetailPage, type DetailPageConfig } from '../../scaffold/detail-page';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { notifySaved } from '../../scaffold/notify';
import {
  getWarehouseTransaction,
  listWarehouseTransactions,
  recordStockMovement,
  useWarehouseChoices,
  warehouseTransactionKeys,
  warehouseTransactionsExportUrl,
} from '../api/warehouse-transactions';

/**
 * SPEC §2 /backoffice/warehouse-transactions: every change of on-hand stock (DESIGN §4), filtered by SKU
 * and warehouse and exported as filtered; one transaction; and the form that records a load, unload,
 * transfer or counted adjustment ('new').
 */

const LIST = '/backoffice/warehouse-transactions';
const lng = () => (i18n.resolvedLanguage === 'en' ? 'en' : 'it');
const operationKey = (operation: WarehouseOperation) =>
  `bo.movements.operations.${operation}` as TranslationKey;

/** When it was recorded: the date as SPEC §9 writes it and the time in the shop's zone. */
function recordedAt(iso: string, language: 'it' | 'en') {
  const time = new Intl.DateTimeFormat(language === 'it' ? 'it-IT' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Rome',
  }).format(new Date(iso));
  return `${formatDate(iso, language)} ${time}`;
}

const who = (t: WarehouseTransaction) => t.user ?? i18n.t('bo.movements.system');
const useWarehouseCodes = () => useWarehouseChoices('code');
const useWarehouseIds = () => useWarehouseChoices('id');
function useOperationChoices() {
  const { t } = useTranslation();
  return STOCK_MOVEMENT_OPERATIONS.map((value) => ({ value, label: t(operationKey(value)) }));
}

const listConfig: ListPageConfig<WarehouseTransaction> = {
  titleKey: 'backoffice.pages.warehouseTransactions',
  queryKey: warehouseTransactionKeys.list,
  fetch: listWarehouseTransactions,
  searchPlaceholderKey: 'bo.movements.searchPlaceholder',
  columns: [
    {
      key: 'document_date',
      labelKey: 'bo.movements.documentDate',
      render: (t) => formatDate(t.document_date, lng()),
    },
    { key: 'document_number', labelKey: 'bo.movements.documentNumber' },
    {
      key: 'operation',
      labelKey: 'bo.movements.operation',
      render: (t) => i18n.t(operationKey(t.operation)),
    },
    { key: 'sku', labelKey: 'bo.fields.sku' },
    { key: 'variant_code', labelKey: 'bo.movements.variantCode' },
    { key: 'warehouse_code', labelKey: 'bo.movements.warehouse' },
    { key: 'quantity', labelKey: 'bo.movements.quantity', align: 'right' },
    // Stock before = after − quantity: only on wide screens, so the table fits beside the sidebar
    // at every width (issue 22).
    { key: 'previous_stock', labelKey: 'bo.movements.previousStock', align: 'right', visibleFrom: 'xxl' },
    { key: 'result_stock', labelKey: 'bo.movements.resultStock', align: 'right' },
    { key: 'user', labelKey: 'bo.movements.user', render: who },
    {
      key: 'created_at',
      labelKey: 'bo.movements.createdAt',
      render: (t) => recordedAt(t.created_at, lng()),
      visibleFrom: 'xxl',
    },
  ],
  filters: [
    { kind: 'select', key: 'warehouse', labelKey: 'bo.movements.warehouse', useOptions: useWarehouseCodes },
  ],
  rowKey: (t) => t.id,
  rowLink: (t) => `${LIST}/${t.id}`,
  linkColumn: 'document_number',
  createLink: `${LIST}/new`,
  importResource: 'stock-movements',
  exportHref: warehouseTransactionsExportUrl,
};

type MovementValues = {
  operation: StockMovementInput['operation'];
  sku: string;
  warehouse: number | null;
  to_warehouse: number | null;
  quantity: number;
  document_date: string | null;
  document_number: string;
};

const sections: FormSection<MovementValues>[] = [
  {
    fields: [
      {
        name: 'operation',
        labelKey: 'bo.movements.operation',
        kind: 'select',
        required: true,
        useOptions: useOperationChoices,
      },
      { name: 'sku', labelKey: 'bo.fields.sku', kind: 'text', required: true },
      {
        name: 'warehouse',
        labelKey: 'bo.movements.warehouse',
        kind: 'select',
        required: true,
        useOptions: useWarehouseIds,
      },
      {
        name: 'to_warehouse',
        labelKey: 'bo.movements.toWarehouse',
        kind: 'select',
        required: true,
        useOptions: useWarehouseIds,
        when: (values) => values.operation === 'transfer',
      },
      {
        name: 'quantity',
        labelKey: 'bo.movements.quantity',
        kind: 'int',
        required: true,
        descriptionKey: 'bo.movements.quantityHint',
      },
      { name: 'document_date', labelKey: 'bo.movements.documentDate', kind: 'date', required: true },
      { name: 'document_number', labelKey: 'bo.movements.documentNumber', kind: 'text', required: true },
    ],
  },
];

/** The body as the API takes it: the destination only for a transfer. */
const toBody = ({ to_warehouse, ...values }: MovementValues) =>
  values.operation === 'transfer' ? { ...values, to_warehouse } : values;

function MovementForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <EntityForm<MovementValues, StockMovementResult>
      schema={StockMovementInputSchema}
      initialValues={{
        operation: 'load',
        sku: '',
        warehouse: null,
        to_warehouse: null,
        quantity: 1,
        document_date: shopDateOf(new Date()),
        document_number: '',
      }}
      sections={sections}
      toBody={toBody}
      submit={(values) => recordStockMovement(toBody(values) as StockMovementInput)}
      submitKey="bo.movements.record"
      onSaved={(result) => {
        void queryClient.invalidateQueries({ queryKey: warehouseTransactionKeys.list });
        const quantity = result.allocated.reduce((sum, a) => sum + a.quantity, 0);
        if (quantity > 0)
          notifySaved(t('bo.movements.allocated', { quantity, count: result.allocated.length }));
        const taken = result.deallocated.reduce((sum, a) => sum + a.quantity, 0);
        if (taken > 0)
          notifySaved(t('bo.movements.deallocated', { quantity: taken, count: result.deallocated.length }));
        const first = result.transactions[0];
        void navigate(first ? `${LIST}/${first.id}` : LIST, { replace: true });
      }}
    />
  );
}

function TransactionDetails({ transaction: tr }: { transaction: WarehouseTransaction }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rows: [TranslationKey, string | number][] = [
    ['bo.movements.documentDate', formatDate(tr.document_date, language)],
    ['bo.movements.documentNumber', tr.document_number],
    ['bo.movements.operation', t(operationKey(tr.operation))],
    ['bo.fields.sku', tr.sku],
    ['bo.movements.variantCode', tr.variant_code ?? ''],
    ['bo.movements.warehouse', tr.warehouse_code],
    ['bo.movements.quantity', tr.quantity],
    ['bo.movements.previousStock', tr.previous_stock],
    ['bo.movements.resultStock', tr.result_stock],
    ['bo.movements.user', who(tr)],
    ['bo.movements.createdAt', recordedAt(tr.created_at, language)],
  ];
  return (
    <Table variant="vertical" withTableBorder maw={640}>
      <Table.Tbody>
        {rows.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Th w={220}>{t(key)}</Table.Th>
            <Table.Td>
              <Text size="sm">{value}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const detailConfig: DetailPageConfig<WarehouseTransaction> = {
  titleKey: 'bo.movements.transaction',
  param: 'id',
  listPath: LIST,
  listTitleKey: 'backoffice.pages.warehouseTransactions',
  queryKey: warehouseTransactionKeys.detail,
  fetch: getWarehouseTransaction,
  heading: (tr) => `${tr.document_number} – ${tr.sku}`,
  tabs: [
    { path: '', labelKey: 'backoffice.tabs.info', render: (tr) => <TransactionDetails transaction={tr} /> },
  ],
  create: () => <MovementForm />,
};

export function WarehouseTransactionsPage() {
  return <ListPage config={listConfig} />;
}

export function WarehouseTransactionPage() {
  return <DetailPage config={detailConfig} />;
}
