import { Button, Group } from '@mantine/core';
import type { BackofficeOrderDetail, OrderStatus } from '@shop/domain';
import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../../i18n/keys';
import { loadModals } from '../../../../lib/modals';
import { notifySaved } from '../../scaffold/notify';
import { refreshOrder, setOrderStatus } from '../api/orders';
import { refusalOf } from './order-format';

/**
 * The order's status actions allowed now by the status machine (DESIGN §6 rule 10): advance to each
 * next status, cancel, close; each behind a confirmation saying what will happen.
 */

const statusLabel = (status: OrderStatus) => i18n.t(`order.status.${status}` as TranslationKey);

/** What the confirmation says: cancelling and closing give back stock; the rest moves the status. */
function consequence(order: BackofficeOrderDetail, to: OrderStatus): string {
  const values = { orderNo: order.order_no, from: statusLabel(order.status), to: statusLabel(to) };
  if (to === 'cancelled') return i18n.t('bo.orders.confirm.cancelBody', values);
  if (to === 'closed') return i18n.t('bo.orders.confirm.closeBody', values);
  return i18n.t('bo.orders.confirm.statusBody', values);
}

function actionLabel(to: OrderStatus): string {
  if (to === 'cancelled') return i18n.t('bo.orders.actions.cancel');
  if (to === 'closed') return i18n.t('bo.orders.actions.close');
  return i18n.t('bo.orders.actions.advance', { status: statusLabel(to) });
}

async function confirmStatus(order: BackofficeOrderDetail, to: OrderStatus): Promise<boolean> {
  const modals = await loadModals();
  const destructive = to === 'cancelled' || to === 'closed';
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: actionLabel(to),
      children: consequence(order, to),
      labels: { confirm: i18n.t('bo.orders.confirm.yes'), cancel: i18n.t('bo.orders.confirm.no') },
      confirmProps: destructive ? { color: 'red' } : {},
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

export function OrderStatusActions({
  order,
  onRefused,
}: {
  order: BackofficeOrderDetail;
  onRefused: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<OrderStatus | null>(null);

  async function move(to: OrderStatus) {
    if (!(await confirmStatus(order, to))) return;
    setBusy(to);
    onRefused(null);
    try {
      await setOrderStatus(order.order_no, to);
      notifySaved(t('bo.orders.statusDone', { status: statusLabel(to) }));
    } catch (error) {
      onRefused(refusalOf(error));
    } finally {
      setBusy(null);
      await refreshOrder(order.order_no);
    }
  }

  return (
    <Group gap="xs">
      {order.next_statuses.map((to) => (
        <Button
          key={to}
          variant={to === 'cancelled' || to === 'closed' ? 'light' : 'filled'}
          color={to === 'cancelled' || to === 'closed' ? 'red' : undefined}
          loading={busy === to}
          disabled={busy !== null && busy !== to}
          onClick={() => void move(to)}
        >
          {actionLabel(to)}
        </Button>
      ))}
    </Group>
  );
}
