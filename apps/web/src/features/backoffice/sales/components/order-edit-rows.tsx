import { Button, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Order, OrderRow } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../hooks/use-language';
import { translateMessage } from '../../../../i18n/translate-message';
import { formatMoney } from '../../../../lib/format';
import type { OrderEditValues } from './order-edit-page';
import { type PickedProduct, ProductPicker } from './order-product-picker';

/** The order edit form's two row tables: the order's rows with their quantities, and the rows to add. */

type EditForm = UseFormReturnType<OrderEditValues>;

/** Why a row's quantity cannot change, as shown in place of its input. */
type LockedKey =
  | 'bo.orderEdit.lockedOnShipping'
  | 'bo.orderEdit.lockedShipped'
  | 'bo.orderEdit.lockedCancelled'
  | 'bo.orderEdit.lockedPartlyShipped';

function lockedReason(row: OrderRow): { key: LockedKey; count?: number } {
  if (row.status === 'on_shipping') return { key: 'bo.orderEdit.lockedOnShipping' };
  if (row.status === 'shipped') return { key: 'bo.orderEdit.lockedShipped' };
  if (row.status === 'cancelled') return { key: 'bo.orderEdit.lockedCancelled' };
  return { key: 'bo.orderEdit.lockedPartlyShipped', count: row.quantities.shipped };
}

/** The order's rows: a quantity input on each row still editable, why not on the others. */
export function OrderRowsEditor({ order, form }: { order: Order; form: EditForm }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const editableIndex = new Map(form.values.rows.map((r, index) => [r.id, index]));
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('bo.orderEdit.rows')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('bo.orderEdit.rowsHint')}
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('order.rows.sku')}</Table.Th>
              <Table.Th>{t('order.rows.description')}</Table.Th>
              <Table.Th ta="right">{t('order.rows.price')}</Table.Th>
              <Table.Th ta="right">{t('order.rows.shipped')}</Table.Th>
              <Table.Th ta="right">{t('order.rows.ready')}</Table.Th>
              <Table.Th>{t('order.rows.status')}</Table.Th>
              <Table.Th>{t('order.rows.quantity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.rows.map((row) => {
              const index = editableIndex.get(row.id);
              const locked = index === undefined ? lockedReason(row) : null;
              return (
                <Table.Tr key={row.id}>
                  <Table.Td fw={600}>{row.product_sku}</Table.Td>
                  <Table.Td>{row.description}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.price, lng)}</Table.Td>
                  <Table.Td ta="right">{row.quantities.shipped}</Table.Td>
                  <Table.Td ta="right">{row.quantities.ready}</Table.Td>
                  <Table.Td>{t(`order.rowStatus.${row.status}`)}</Table.Td>
                  <Table.Td>
                    {locked ? (
                      <Stack gap={0}>
                        <Text fw={600}>{row.quantities.ordered}</Text>
                        <Text size="xs" c="dimmed">
                          {t(locked.key, { count: locked.count })}
                        </Text>
                      </Stack>
                    ) : (
                      <NumberInput
                        aria-label={t('bo.orderEdit.quantityOf', { sku: row.product_sku })}
                        min={1}
                        allowDecimal={false}
                        allowNegative={false}
                        w={110}
                        {...form.getInputProps(`rows.${index}.quantity`)}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The rows to add: picked products (a product picked again adds to its quantity), each removable. */
export function AddedRowsEditor({ form }: { form: EditForm }) {
  const { t } = useTranslation();
  const pick = (product: PickedProduct, quantity: number) => {
    const index = form.values.added.findIndex((a) => a.product_id === product.id);
    const existing = form.values.added[index];
    if (existing) form.setFieldValue(`added.${index}.quantity`, Number(existing.quantity || 0) + quantity);
    else
      form.insertListItem('added', {
        product_id: product.id,
        sku: product.sku,
        description: product.description,
        quantity,
      });
  };

  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('bo.orderEdit.addRows')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('bo.orderEdit.addHint')}
      </Text>
      <ProductPicker onPick={pick} />
      {form.values.added.length > 0 && (
        <Table verticalSpacing="xs" aria-label={t('bo.orderEdit.newRows')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('order.rows.sku')}</Table.Th>
              <Table.Th>{t('order.rows.description')}</Table.Th>
              <Table.Th>{t('order.rows.quantity')}</Table.Th>
              <Table.Th>{t('bo.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.values.added.map((added, index) => {
              const productError = form.errors[`added.${index}.product_id`];
              return (
                <Table.Tr key={added.product_id}>
                  <Table.Td fw={600}>{added.sku}</Table.Td>
                  <Table.Td>
                    {added.description}
                    {typeof productError === 'string' && (
                      <Text size="xs" c="red" role="alert">
                        {translateMessage(productError)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t('bo.orderEdit.quantityOf', { sku: added.sku })}
                      min={1}
                      allowDecimal={false}
                      allowNegative={false}
                      w={110}
                      {...form.getInputProps(`added.${index}.quantity`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      onClick={() => form.removeListItem('added', index)}
                    >
                      {t('bo.orderEdit.removeRow', { sku: added.sku })}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
