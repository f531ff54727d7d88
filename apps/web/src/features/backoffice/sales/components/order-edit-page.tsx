import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import {
  AddOrderRowsInputSchema,
  ERP_ORDER_REASONS,
  isOrderEditable,
  isRowQuantityEditable,
  ORDER_ADDRESS_FIELDS,
  type Order,
  type OrderEditInput,
  OrderEditInputSchema,
} from '@shop/domain';
import { IconChevronLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useShop } from '../../../../api/get-shop';
import { type AddressFieldName, AddressFields } from '../../../../components/address-fields';
import { useLanguage } from '../../../../hooks/use-language';
import { usePageTitle } from '../../../../hooks/use-page-title';
import { translateMessage } from '../../../../i18n/translate-message';
import { ApiError } from '../../../../lib/api-client';
import { schemaForm } from '../../../../lib/form';
import { formatMoney } from '../../../../lib/format';
import { DateField } from '../../scaffold/date-field';
import { LoadFailure } from '../../scaffold/load-failure';
import { notifySaved } from '../../scaffold/notify';
import { useUnsavedGuard } from '../../scaffold/use-unsaved-guard';
import { addOrderRows, editOrder, forgetOrder, orderForEditQueryOptions } from '../api/order-edit';
import { AddedRowsEditor, OrderRowsEditor } from './order-edit-rows';

type AddressValues = Record<(typeof ORDER_ADDRESS_FIELDS)[number], string>;
const REQUIRED: readonly AddressFieldName[] = ['address', 'postcode', 'city', 'country'];

/** The form: the order's editable fields, the quantities of its editable rows, the rows to add. */
export type OrderEditValues = {
  shipping_address: AddressValues;
  billing_address: AddressValues;
  customer_reference: string;
  customer_reference_date: string | null;
  erp_order_reason: string | null;
  rows: { id: number; quantity: number | '' }[];
  added: { product_id: number; sku: string; description: string; quantity: number | '' }[];
};

const addressValues = (address: Order['shipping_address']): AddressValues =>
  Object.fromEntries(ORDER_ADDRESS_FIELDS.map((name) => [name, address[name] ?? ''])) as AddressValues;

function valuesOf(order: Order): OrderEditValues {
  return {
    shipping_address: addressValues(order.shipping_address),
    billing_address: addressValues(order.billing_address),
    customer_reference: order.customer_reference ?? '',
    customer_reference_date: order.customer_reference_date,
    erp_order_reason: order.erp_order_reason,
    rows: order.rows.filter(isRowQuantityEditable).map((r) => ({ id: r.id, quantity: r.quantities.ordered })),
    added: [],
  };
}

/** PUT /api/orders/{orderNo}: every editable field, every editable row's quantity (unchanged ones are no-ops). */
function editBody(values: OrderEditValues): OrderEditInput {
  return {
    shipping_address: values.shipping_address,
    billing_address: values.billing_address,
    customer_reference: values.customer_reference.trim() || null,
    customer_reference_date: values.customer_reference_date,
    erp_order_reason: values.erp_order_reason as OrderEditInput['erp_order_reason'],
    rows: values.rows.map((r) => ({ id: r.id, quantity: r.quantity === '' ? 0 : r.quantity })),
  };
}

const addBody = (values: OrderEditValues) => ({
  rows: values.added.map((a) => ({ product_id: a.product_id, quantity: a.quantity === '' ? 0 : a.quantity })),
});

/** A PUT error's path as the form's field: a row's id or quantity both belong to its quantity input. */
const editField = (path: string) => path.replace(/^rows\.(\d+)\.id$/, 'rows.$1.quantity');
/** A POST rows error's path as the form's field: `rows.2.sku` is `added.2.product_id`. */
const addField = (path: string) =>
  path
    .replace(/^rows\./, 'added.')
    .replace(/\.(sku|product_id)$/, '.product_id')
    .replace(/^rows$/, 'added');

/** The domain schemas of both calls, their messages on the form's fields. */
function validate(values: OrderEditValues): FormErrors {
  const errors: FormErrors = {};
  const edit = OrderEditInputSchema.safeParse(editBody(values));
  if (!edit.success)
    for (const issue of edit.error.issues) errors[editField(issue.path.join('.'))] ??= issue.message;
  if (values.added.length > 0) {
    const add = AddOrderRowsInputSchema.safeParse(addBody(values));
    if (!add.success)
      for (const issue of add.error.issues) errors[addField(issue.path.join('.'))] ??= issue.message;
  }
  return errors;
}

/**
 * The form of an editable order: addresses, reference and ERP reason, quantities of rows not shipped,
 * rows to add. Save sends PUT, then POST rows when there are rows to add; a 422 lands on the fields, a
 * 409 above the form; saved, it toasts and returns to the order.
 */
function OrderEditForm({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const navigate = useNavigate();
  const shopCountry = useShop().data?.country ?? order.shipping_address.country;
  const form = useForm<OrderEditValues>({
    mode: 'controlled',
    initialValues: valuesOf(order),
    validate,
    enhanceGetInputProps: schemaForm(OrderEditInputSchema).enhanceGetInputProps,
  });
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string[]>();
  const guard = useUnsavedGuard(form.isDirty() && !saving);
  const detailPath = `/backoffice/orders/${encodeURIComponent(order.orderNo)}`;

  /** A refusal: field errors on the fields, the rest above the form. */
  function refused(error: unknown, fieldOf: (path: string) => string, lead: string) {
    const lines = [lead];
    if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
      const onFields: FormErrors = {};
      for (const [path, list] of Object.entries(error.errors)) if (list[0]) onFields[fieldOf(path)] = list[0];
      form.setErrors(onFields);
    } else if (error instanceof ApiError && error.message) lines.push(translateMessage(error.message));
    setProblem(lines);
  }

  const onSubmit = form.onSubmit(async (values) => {
    setSaving(true);
    setProblem(undefined);
    try {
      let saved: Order;
      try {
        saved = await editOrder(order.orderNo, editBody(values));
      } catch (error) {
        refused(error, editField, t('bo.orderEdit.saveFailed'));
        return;
      }
      if (values.added.length > 0) {
        try {
          saved = await addOrderRows(order.id, addBody(values));
        } catch (error) {
          // The edit is saved: the form now starts from it, the rows still to add stay on it.
          const now = valuesOf(saved);
          form.setInitialValues(now);
          form.setValues({ ...now, added: values.added });
          await forgetOrder(order.orderNo);
          refused(error, addField, t('bo.orderEdit.rowsNotAdded'));
          return;
        }
      }
      guard.release();
      form.resetDirty();
      notifySaved(t('bo.orderEdit.saved', { orderNo: order.orderNo }));
      await forgetOrder(order.orderNo);
      await navigate(detailPath);
    } finally {
      setSaving(false);
    }
  });

  const addressSection = (
    name: 'shipping_address' | 'billing_address',
    titleKey: 'bo.orderEdit.shippingAddress' | 'bo.orderEdit.billingAddress',
  ) => {
    const scoped = { getInputProps: (field: string) => form.getInputProps(`${name}.${field}`) };
    return (
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t(titleKey)}
        </Title>
        <AddressFields form={scoped} idPrefix={name} shopCountry={shopCountry} required={REQUIRED} />
        <TextInput id={`${name}-co`} label={t('address.fields.co')} {...form.getInputProps(`${name}.co`)} />
      </Stack>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xl">
        {problem && (
          <Alert color="red" role="alert">
            {problem.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          {addressSection('shipping_address', 'bo.orderEdit.shippingAddress')}
          {addressSection('billing_address', 'bo.orderEdit.billingAddress')}
        </SimpleGrid>

        <Stack gap="xs">
          <Title order={2} size="h3">
            {t('bo.orderEdit.references')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              label={t('bo.orderEdit.customerReference')}
              maxLength={100}
              {...form.getInputProps('customer_reference')}
            />
            <DateField
              label={t('bo.orderEdit.customerReferenceDate')}
              value={form.values.customer_reference_date}
              error={form.getInputProps('customer_reference_date').error}
              onChange={(iso) => form.setFieldValue('customer_reference_date', iso)}
            />
            <Select
              label={t('bo.orderEdit.erpOrderReason')}
              placeholder={t('bo.orderEdit.erpOrderReasonNone')}
              data={ERP_ORDER_REASONS.map((reason) => ({
                value: reason,
                label: t(`bo.orderEdit.erpOrderReasons.${reason}`),
              }))}
              clearable
              {...form.getInputProps('erp_order_reason')}
            />
          </SimpleGrid>
        </Stack>

        <OrderRowsEditor order={order} form={form} />
        <AddedRowsEditor form={form} />

        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('bo.orderEdit.totals')}
          </Title>
          <Group gap="xl">
            <Text>
              {t('order.totals.totalNet')}: <b>{formatMoney(order.total_without_taxes, lng)}</b>
            </Text>
            <Text>
              {t('order.totals.vat')}: <b>{formatMoney(order.vat, lng)}</b>
            </Text>
            <Text>
              {t('order.totals.total')}: <b>{formatMoney(order.total, lng)}</b>
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('bo.orderEdit.totalsHint')}
          </Text>
        </Stack>

        <Group>
          <Button type="submit" loading={saving}>
            {t('bo.detail.save')}
          </Button>
          <Button component={Link} to={detailPath} variant="default">
            {t('bo.orderEdit.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /backoffice/orders/{orderNo}/edit (SPEC §2 orders edit): loads the order; an order past in_work
 * shows why it cannot be edited and no form.
 */
export function OrderEditPage() {
  const { t } = useTranslation();
  const { orderNo = '' } = useParams();
  const query = useQuery(orderForEditQueryOptions(orderNo));
  usePageTitle(`${t('bo.orderEdit.title')} ${orderNo}`);
  const order = query.data;

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={`/backoffice/orders/${encodeURIComponent(orderNo)}`} size="sm">
          <Group gap={4} component="span">
            <IconChevronLeft size={14} aria-hidden />
            {t('bo.orderEdit.back')}
          </Group>
        </Anchor>
        <Title order={1}>{t('bo.orderEdit.title')}</Title>
        <Group gap="xs">
          <Text c="dimmed">{orderNo}</Text>
          {order && <Badge variant="light">{t(`order.status.${order.status}`)}</Badge>}
        </Group>
      </div>
      {query.isError ? (
        <LoadFailure
          error={query.error}
          retryTitle={t('bo.orderEdit.loadError')}
          onRetry={() => void query.refetch()}
          listPath="/backoffice/orders"
        />
      ) : !order ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : !isOrderEditable(order.status) ? (
        <Alert color="yellow" title={t('bo.orderEdit.notEditableTitle')}>
          {t('bo.orderEdit.notEditable', { status: t(`order.status.${order.status}`) })}
        </Alert>
      ) : (
        <OrderEditForm key={order.orderNo} order={order} />
      )}
    </Stack>
  );
}
