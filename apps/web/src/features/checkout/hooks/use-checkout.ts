import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  type AddressChoice,
  AddressInputSchema,
  type CustomerAddress,
  messages,
  type PaymentMethod,
  type PlaceOrderRequest,
} from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { translateMessage } from '../../../i18n/translate-message';
import { ApiError } from '../../../lib/api-client';
import { resetCart } from '../../../lib/cart/cart-store';
import { useQuotedCart } from '../../../lib/cart/use-quoted-cart';
import { schemaForm } from '../../../lib/form';
import { AttemptKeys } from '../../../lib/idempotency';
import { leavePageTo } from '../../../lib/leave-page';
import { usePlaceOrder } from '../api/place-order';
import { type AddressSelection, defaultSelection } from '../components/address-chooser';
import { type AddressFormValues, emptyAddress, toAddressInput } from '../components/address-form';

export interface CheckoutConfig {
  /** Back office: the customer ordered for (the server sets channel 'backoffice'). */
  customerId?: number;
  addresses: CustomerAddress[];
  shopCountry: string;
  completePath: (orderNo: string) => string;
}

function addressChoice(selection: AddressSelection, values: AddressFormValues): AddressChoice {
  return selection.kind === 'saved' ? { address_id: selection.id } : { address: toAddressInput(values) };
}

/**
 * The checkout's state (SPEC §2, §4): addresses, coupon, payment method and reference, priced by the
 * server as they change; placing the order with one Idempotency-Key per attempt and the total shown.
 */
export function useCheckout({ customerId, addresses, shopCountry, completePath }: CheckoutConfig) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [billing, setBilling] = useState(() => defaultSelection(addresses, 'B'));
  const [shipping, setShipping] = useState(() => defaultSelection(addresses, 'S'));
  const formOptions = { initialValues: emptyAddress(shopCountry), ...schemaForm(AddressInputSchema) };
  const billingForm = useForm<AddressFormValues>(formOptions);
  const shippingForm = useForm<AddressFormValues>(formOptions);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod | null>(null);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [referenceDate, setReferenceDate] = useState('');
  const [failure, setFailure] = useState<string[] | null>(null);
  const [placed, setPlaced] = useState(false);
  const attempts = useRef(new AttemptKeys());
  const place = usePlaceOrder();

  // a new shipping address is priced once complete: its country picks national or international shipping
  const [typedShipping] = useDebouncedValue(shippingForm.values, 400);
  const shippingChoice = useMemo((): AddressChoice | null => {
    if (shipping.kind === 'saved') return { address_id: shipping.id };
    const parsed = AddressInputSchema.safeParse(
      Object.fromEntries(Object.entries(typedShipping).filter(([, v]) => v.trim() !== '')),
    );
    return parsed.success ? { address: parsed.data } : null;
  }, [shipping, typedShipping]);

  const quoted = useQuotedCart({ customerId, shipping: shippingChoice, paymentMethod, couponCode: coupon });
  const quote = quoted.quote.data;
  const ready = Boolean(quote) && !quoted.quote.isPlaceholderData && !place.isPending;
  // Issue 20: a method the customer may not use (another customer, terms changed by staff) is not kept chosen.
  const method = paymentMethod && quote?.payment_methods.includes(paymentMethod) ? paymentMethod : null;

  const choosePayment = (method: PaymentMethod) => {
    setPaymentMethod(method);
    setPaymentError(null);
  };

  const submit = async () => {
    setFailure(null);
    const billingInvalid = billing.kind === 'new' && billingForm.validate().hasErrors;
    const shippingInvalid = shipping.kind === 'new' && shippingForm.validate().hasErrors;
    if (!method) setPaymentError(t('checkout.payment.required'));
    if (billingInvalid || shippingInvalid || !method || !quote) return;

    const request: PlaceOrderRequest = {
      products: quoted.request.products,
      ...(customerId ? { customer_id: customerId } : {}),
      billing: addressChoice(billing, billingForm.values),
      shipping: addressChoice(shipping, shippingForm.values),
      payment_method: method,
      ...(quote.coupon ? { coupon_code: quote.coupon.code } : {}),
      ...(reference.trim() ? { customer_reference: reference.trim() } : {}),
      ...(referenceDate ? { customer_reference_date: referenceDate } : {}),
      expected_total: quote.total,
    };
    try {
      const result = await place.mutateAsync({ request, idempotencyKey: attempts.current.keyFor(request) });
      attempts.current.reset();
      setPlaced(true);
      resetCart();
      queryClient.removeQueries({ queryKey: ['cart-quote'] });
      notifications.show({ color: 'teal', message: t('checkout.placed', { orderNo: result.order.orderNo }) });
      if (result.payment) leavePageTo(result.payment.redirect_url);
      else await navigate(completePath(result.order.orderNo));
    } catch (error) {
      const lines = [translateMessage(messages.orderFailed)];
      const methodError = error instanceof ApiError ? error.errors.payment_method?.[0] : undefined;
      if (methodError) setPaymentError(translateMessage(methodError));
      // refused by credit control (issue 20): the reason names who to call
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length === 0)
        lines.push(translateMessage(error.message));
      // a product sold out or a price changed meanwhile: say which, and show the server's new figures
      if (error instanceof ApiError && error.status === 409) {
        if (error.message && error.message !== messages.orderFailed)
          lines.push(translateMessage(error.message));
        void quoted.quote.refetch();
      }
      setFailure(lines);
    }
  };

  return {
    quoted,
    billing: { selection: billing, setSelection: setBilling, form: billingForm },
    shipping: { selection: shipping, setSelection: setShipping, form: shippingForm },
    payment: { method, choose: choosePayment, error: paymentError },
    coupon: { code: coupon, apply: setCoupon },
    reference: { value: reference, set: setReference, date: referenceDate, setDate: setReferenceDate },
    submit,
    submitting: place.isPending,
    ready,
    placed,
    failure,
  };
}
