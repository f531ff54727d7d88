import { Button, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CartNotices } from '../../../components/cart/cart-notices';
import { QuoteTotals } from '../../../components/cart/quote-totals';
import { CannotOrderNotice } from '../../../components/role-notice';
import { useCan } from '../../../hooks/use-can';
import { lineKey, quoteLimits } from '../../../lib/cart/cart-lines';
import { readCart, removeFromCart, restoreToCart, setCartQuantity } from '../../../lib/cart/cart-store';
import { useQuotedCart } from '../../../lib/cart/use-quoted-cart';
import classes from './cart.module.css';
import { CartLine } from './cart-line';
import { CartEmpty, CartError } from './cart-states';

export interface CartViewProps {
  /** Back office: the customer the cart is priced for; without one nothing is priced. */
  customerId?: number | null;
  checkoutPath: string;
  quickOrderPath: string;
  /** Where 'browse the catalogue' leads from an empty cart (storefront). */
  browsePath?: string;
}

/**
 * The cart (SPEC §4), storefront and back office alike: the stored lines priced by the server, with
 * quantities to change, lines to remove (with undo), the totals and the way on to checkout.
 */
export function CartView({ customerId, checkoutPath, quickOrderPath, browsePath }: CartViewProps) {
  const { t } = useTranslation();
  const backoffice = customerId !== undefined;
  const canOrder = useCan('order');
  const { cart, quote, notices, dismissNotices } = useQuotedCart({
    customerId,
    enabled: !backoffice || Boolean(customerId),
  });

  const remove = (key: string, title: string) => {
    const stored = readCart();
    const index = stored.products.findIndex((line) => lineKey(line) === key);
    const line = stored.products[index];
    if (!line) return;
    removeFromCart(key);
    const id = `cart-removed-${key}`;
    notifications.show({
      id,
      color: 'gray',
      message: (
        <Stack gap={4} align="flex-start">
          <Text size="sm">{t('cart.line.removed', { title })}</Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              restoreToCart(line, index);
              notifications.hide(id);
            }}
          >
            {t('cart.line.undo')}
          </Button>
        </Stack>
      ),
    });
  };

  const noticesBox = <CartNotices notices={notices} onClose={dismissNotices} />;
  if (cart.products.length === 0)
    return (
      <Stack gap="md">
        {noticesBox}
        <CartEmpty browsePath={browsePath} quickOrderPath={quickOrderPath} />
      </Stack>
    );
  if (backoffice && !customerId) return null;
  if (quote.isError && !quote.data) return <CartError onRetry={() => void quote.refetch()} />;

  const data = quote.data;
  return (
    <Stack gap="md">
      {noticesBox}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder aria-busy={quote.isFetching} data-testid="cart-lines">
            {data
              ? data.products.map((product) => (
                  <CartLine
                    key={product.key}
                    product={product}
                    display={data.display}
                    onQuantity={(quantity) => setCartQuantity(product.key, quantity, quoteLimits(product))}
                    onRemove={() => remove(product.key, product.title)}
                  />
                ))
              : cart.products.map((line) => <Skeleton key={lineKey(line)} height={96} m="md" w="auto" />)}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" className={classes.summary}>
            <Stack gap="md">
              <Title order={2} size="h4">
                {t('cart.summary')}
              </Title>
              {data ? <QuoteTotals quote={data} /> : <Skeleton height={160} />}
              {canOrder ? (
                <Button
                  component={Link}
                  to={checkoutPath}
                  size="md"
                  fullWidth
                  rightSection={<IconArrowRight size={18} aria-hidden />}
                  disabled={!data}
                  data-testid="proceed-to-checkout"
                >
                  {t('cart.proceed')}
                </Button>
              ) : (
                <CannotOrderNotice />
              )}
              <Button
                component={Link}
                to={quickOrderPath}
                variant="subtle"
                leftSection={<IconListDetails size={16} aria-hidden />}
              >
                {t('cart.quickOrder')}
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
