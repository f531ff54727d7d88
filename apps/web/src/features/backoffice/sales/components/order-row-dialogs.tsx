import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import type { BackofficeOrderRow } from '@shop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWarehouseChoices } from '../../catalogue/api/warehouse-transactions';
import { notifySaved } from '../../scaffold/notify';
import { cancelOrderRow, refreshOrder, shipOrderRows } from '../api/orders';
import { refusalOf } from './order-format';

/**
 * The row actions of the order detail (SPEC §4): 'Mark shipped' (quantity, warehouse, then the delivery
 * note, the invoice and the stock movement) and 'Cancel row' (quantity of the residual), each a dialog
 * that says what will happen before it is confirmed.
 */

export type RowAction = { kind: 'ship' | 'cancel'; row: BackofficeOrderRow };

export function OrderRowDialog({
  orderNo,
  action,
  onClose,
}: {
  orderNo: string;
  action: RowAction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      title={action ? t(action.kind === 'ship' ? 'bo.orders.ship.title' : 'bo.orders.cancelRow.title') : ''}
    >
      {action && (
        <RowActionForm
          key={`${action.kind}:${action.row.id}`}
          orderNo={orderNo}
          action={action}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function RowActionForm({
  orderNo,
  action,
  onDone,
}: {
  orderNo: string;
  action: RowAction;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { row } = action;
  const warehouses = useWarehouseChoices('id');
  const [quantity, setQuantity] = useState<number | string>(row.residual);
  const [warehouse, setWarehouse] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ship = action.kind === 'ship';
  const amount = typeof quantity === 'number' ? quantity : Number.NaN;
  const valid = Number.isInteger(amount) && amount >= 1 && amount <= row.residual;

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      if (ship) {
        const result = await shipOrderRows(orderNo, {
          rows: [{ id: row.id, quantity: amount }],
          ...(warehouse ? { warehouse_id: Number(warehouse) } : {}),
        });
        notifySaved(
          t('bo.orders.ship.done', {
            deliveryNote: result.delivery_note.number,
            invoice: result.invoice.number,
          }),
        );
      } else {
        await cancelOrderRow(row.id, amount);
        notifySaved(t('bo.orders.cancelRow.done', { sku: row.sku }));
      }
      await refreshOrder(orderNo);
      onDone();
    } catch (cause) {
      setError(refusalOf(cause, ship ? 'rows.0.quantity' : 'quantity'));
      await refreshOrder(orderNo);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm">
      <Text size="sm">
        {row.sku} · {row.description}
      </Text>
      <NumberInput
        label={t('bo.orders.rows.quantity')}
        description={t('bo.orders.rows.residualHint', { residual: row.residual })}
        value={quantity}
        onChange={setQuantity}
        min={1}
        max={row.residual}
        allowDecimal={false}
        allowNegative={false}
        error={
          quantity !== '' && !valid
            ? t('bo.orders.rows.quantityRange', { residual: row.residual })
            : undefined
        }
        data-autofocus
      />
      {ship && (
        <Select
          label={t('bo.orders.ship.warehouse')}
          placeholder={t('bo.orders.ship.warehouseAuto')}
          data={warehouses}
          value={warehouse}
          onChange={setWarehouse}
          clearable
        />
      )}
      {valid && (
        <Alert variant="light" color={ship ? 'blue' : 'orange'}>
          {ship
            ? t('bo.orders.ship.body', { quantity: amount, sku: row.sku })
            : t('bo.orders.cancelRow.body', { quantity: amount, sku: row.sku })}
        </Alert>
      )}
      {error && (
        <Alert variant="light" color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={busy}>
          {t('bo.orders.confirm.no')}
        </Button>
        <Button
          color={ship ? undefined : 'red'}
          onClick={() => void confirm()}
          loading={busy}
          disabled={!valid}
        >
          {t(ship ? 'bo.orders.ship.confirm' : 'bo.orders.cancelRow.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
