import {
  Alert,
  Anchor,
  Button,
  Divider,
  EmptyState,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconLock, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CartNotices } from '../../../components/cart/cart-notices';
import { QuoteTotals } from '../../../components/cart/quote-totals';
import { DateField } from '../../../components/date-field';
import { PageLoader } from '../../../components/page-loader';
import { translateMessage } from '../../../i18n/translate-message';
import { type CheckoutConfig, useCheckout } from '../hooks/use-checkout';
import { AddressChooser } from './address-chooser';
import classes from './checkout.module.css';
import { CheckoutLines } from './checkout-lines';
import { CouponField } from './coupon-field';
import { PaymentMethods } from './payment-methods';

export interface CheckoutViewProps extends CheckoutConfig {
  cartPath: string;
  /** Issue 20: why this customer cannot order (his account is blocked), naming who to call. */
  orderingBlocked?: string | null;
}

/**
 * The checkout (SPEC §2), storefront and back office alike: billing and shipping addresses, coupon,
 * payment method, reference, the server's summary to the cent, and 'Place order'.
 */
export function CheckoutView({ cartPath, orderingBlocked, ...config }: CheckoutViewProps) {
  const { t } = useTranslation();
  const checkout = useCheckout(config);
  const { quoted } = checkout;
  // Back office (issue 22): staff order for the customer, so the labels speak about him, not to him.
  const staff = config.customerId !== undefined;
  const quote = quoted.quote.data;

  if (checkout.placed) return <PageLoader />;
  if (quoted.cart.products.length === 0)
    return (
      <Stack gap="md">
        <CartNotices notices={quoted.notices} onClose={quoted.dismissNotices} />
        <EmptyState
          variant="light"
          icon={<IconShoppingCart aria-hidden />}
          title={t('cart.empty.title')}
          description={t(staff ? 'bo.checkout.emptyDescription' : 'checkout.emptyDescription')}
          py="xl"
          data-testid="checkout-empty"
        >
          <Button component={Link} to={cartPath} mt="sm">
            {t('checkout.backToCart')}
          </Button>
        </EmptyState>
      </Stack>
    );

  return (
    <Stack gap="md">
      <CartNotices notices={quoted.notices} onClose={quoted.dismissNotices} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Paper withBorder p="md" component="section">
              <AddressChooser
                legend={t('checkout.address.billing')}
                type="B"
                addresses={config.addresses}
                value={checkout.billing.selection}
                onChange={checkout.billing.setSelection}
                form={checkout.billing.form}
                shopCountry={config.shopCountry}
              />
            </Paper>
            <Paper withBorder p="md" component="section">
              <AddressChooser
                legend={t('checkout.address.shipping')}
                type="S"
                addresses={config.addresses}
                value={checkout.shipping.selection}
                onChange={checkout.shipping.setSelection}
                form={checkout.shipping.form}
                shopCountry={config.shopCountry}
              />
            </Paper>
            <Paper withBorder p="md" component="section">
              <PaymentMethods
                value={checkout.payment.method}
                onChange={checkout.payment.choose}
                quote={quote}
                error={checkout.payment.error}
                staff={staff}
              />
            </Paper>
            <Paper withBorder p="md" component="section">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t(staff ? 'bo.checkout.reference' : 'checkout.reference.label')}
                  description={t(
                    staff ? 'bo.checkout.referenceDescription' : 'checkout.reference.description',
                  )}
                  value={checkout.reference.value}
                  onChange={(event) => checkout.reference.set(event.currentTarget.value)}
                  maxLength={100}
                />
                <DateField
                  label={t('checkout.reference.date')}
                  description={t('checkout.reference.dateDescription')}
                  value={checkout.reference.date}
                  onChange={checkout.reference.setDate}
                  clearable
                />
              </SimpleGrid>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper
            withBorder
            p="md"
            component="section"
            className={classes.summary}
            aria-busy={quoted.quote.isFetching}
          >
            <Stack gap="md">
              <Title order={2} size="h4">
                {t(staff ? 'bo.checkout.summary' : 'checkout.summary')}
              </Title>
              {quote ? <CheckoutLines quote={quote} /> : <Skeleton height={80} />}
              <Divider />
              <CouponField
                applied={checkout.coupon.code}
                quote={quote}
                pricing={quoted.quote.isFetching}
                onApply={checkout.coupon.apply}
              />
              <Divider />
              {quote ? <QuoteTotals quote={quote} /> : <Skeleton height={160} />}
              {checkout.failure && (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertTriangle aria-hidden />}
                  role="alert"
                  data-testid="order-error"
                >
                  {checkout.failure.map((line) => (
                    <div key={line}>{line}</div>
                  ))}
                </Alert>
              )}
              {orderingBlocked && (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconLock aria-hidden />}
                  data-testid="ordering-blocked"
                >
                  {translateMessage(orderingBlocked)}
                </Alert>
              )}
              <Button
                size="md"
                fullWidth
                leftSection={<IconLock size={18} aria-hidden />}
                onClick={() => void checkout.submit()}
                loading={checkout.submitting}
                disabled={!checkout.ready || Boolean(orderingBlocked)}
                data-testid="place-order"
              >
                {t('checkout.placeOrder')}
              </Button>
              <Anchor component={Link} to={cartPath} size="sm">
                <Group gap={4} component="span">
                  <IconArrowLeft size={14} aria-hidden />
                  {t('checkout.backToCart')}
                </Group>
              </Anchor>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
