import { Alert, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages, type Order, type QuickOrderReport as Report } from '@shop/domain';
import { IconAlertTriangle, IconCreditCard, IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShop } from '../../api/get-shop';
import { useOrderPayment, usePayOrder } from '../../api/pay-order';
import { useReorder } from '../../api/reorder';
import { useCan } from '../../hooks/use-can';
import { useLanguage } from '../../hooks/use-language';
import { translateMessage } from '../../i18n/translate-message';
import { ApiError } from '../../lib/api-client';
import { addManyToCart, readCart, setCartCustomer } from '../../lib/cart/cart-store';
import { formatMoney } from '../../lib/format';
import { leavePageTo } from '../../lib/leave-page';
import { QuickOrderReportPanel } from '../cart/quick-order-report';
import { SaveAsListButton } from '../lists/save-as-list-button';

/** A pending or declined online payment, or a SEPA order whose mandate is not signed yet. */
function awaitsPayment(order: Order): boolean {
  if (order.status === 'pending' || order.status === 'failed_payment') return true;
  return order.status === 'registered' && order.payment_method === 'sepa' && order.paid_at === null;
}

interface OrderActionsProps {
  order: Order;
  cartPath: string;
  /** Back office: the cart is for the order's customer. */
  backoffice: boolean;
}

/**
 * 'Pay' with the amount the order owes now (a new payment on the gateway: after an edit, only what
 * is left to pay; DESIGN §6 rule 16) and 'Order again': the order's rows back into the cart at today's
 * prices and stock, line by line reported. What the customer paid beyond what the order owes is said
 * to be refunded.
 */
export function OrderActions({ order, cartPath, backoffice }: OrderActionsProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const pay = usePayOrder();
  const payment = useOrderPayment(order).data;
  const payable = payment ? payment.payable > 0 : awaitsPayment(order);
  // Without a payment provider (issue 18) the button could only fail: say so instead.
  const paymentsOff = useShop().data?.payments_mode === 'off';
  const reorder = useReorder();
  // issue 19: a viewer reads the order but neither pays nor orders it again
  const canOrder = useCan('order');
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);

  const failed = (cause: unknown) =>
    setError(
      cause instanceof ApiError ? translateMessage(cause.message) : translateMessage(messages.serverError),
    );

  const payNow = async () => {
    setError(null);
    try {
      const { redirect_url } = await pay.mutateAsync(order.orderNo);
      leavePageTo(redirect_url);
    } catch (cause) {
      failed(cause);
    }
  };

  const orderAgain = async () => {
    setError(null);
    try {
      const result = await reorder.mutateAsync(order.orderNo);
      if (backoffice && readCart().customer?.id !== order.customer_id)
        setCartCustomer({ id: order.customer_id, name: order.billing_company ?? `#${order.customer_id}` });
      addManyToCart(result.products);
      setReport(result);
      notifications.show({
        color: 'teal',
        message: t('quickOrder.added', { count: result.products.length }),
      });
    } catch (cause) {
      failed(cause);
    }
  };

  return (
    <Stack gap="md">
      {order.status === 'failed_payment' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
          data-testid="payment-declined"
        >
          {translateMessage(messages.paymentDeclined)} {t('order.payAgain')}
        </Alert>
      )}
      {payment && payment.paid > 0 && payment.due > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconCreditCard aria-hidden />}
          data-testid="payment-partly-paid"
        >
          {t('order.partlyPaid', {
            paid: formatMoney(payment.paid, lng),
            due: formatMoney(payment.due, lng),
          })}
        </Alert>
      )}
      {payment && payment.refund_due > 0 && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconCreditCard aria-hidden />}
          data-testid="payment-refund-due"
        >
          {t('order.refundDue', { amount: formatMoney(payment.refund_due, lng) })}
        </Alert>
      )}
      {payable &&
        awaitsPayment(order) &&
        order.status !== 'failed_payment' &&
        !(payment && payment.paid > 0) && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconCreditCard aria-hidden />}
            data-testid="payment-pending"
          >
            {t('order.paymentPending')}
          </Alert>
        )}
      {payable && paymentsOff && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {translateMessage(messages.onlinePaymentsOff)}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {error}
        </Alert>
      )}
      {canOrder && (
        <Group gap="sm">
          {payable && !paymentsOff && (
            <Button
              leftSection={<IconCreditCard size={18} aria-hidden />}
              onClick={() => void payNow()}
              loading={pay.isPending}
              data-testid="pay-now"
            >
              {payment
                ? t('order.payAmount', { amount: formatMoney(payment.payable, lng) })
                : t('order.payNow')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconRepeat size={18} aria-hidden />}
            onClick={() => void orderAgain()}
            loading={reorder.isPending}
            data-testid="order-again"
          >
            {t('order.orderAgain')}
          </Button>
          {!backoffice && (
            <SaveAsListButton
              label={t('cart.saveAsList')}
              modal={{ source: { orderNo: order.orderNo }, defaultKind: 'list' }}
            />
          )}
        </Group>
      )}
      {report && (
        <QuickOrderReportPanel report={report} caption={t('order.reorderReport')} cartPath={cartPath} />
      )}
    </Stack>
  );
}
