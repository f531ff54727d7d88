import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/get-current-user';
import { userCan } from '../../hooks/use-can';
import { clampQuantity, type QuantityLimits } from '../../lib/availability';
import { addToCart } from '../../lib/cart/cart-store';
import { QuantityLimitNote } from '../cart/quantity-limit-note';

export interface CartTarget {
  id: number;
  sku: string;
  isVariant: boolean;
  title: string;
}

interface AddToCartProps {
  target: CartTarget;
  /** null: the product cannot be ordered now (out of stock). */
  limits: QuantityLimits | null;
  size?: 'sm' | 'md';
}

/**
 * Customers add to their cart and visitors to the guest cart (merged at sign-in, SPEC §4);
 * administrators order through the back-office cart (SPEC §6).
 */
export function useCanOrder(): boolean {
  const { data: user, isPending } = useCurrentUser();
  // issue 19: a viewer of a company account reads only
  return !isPending && !user?.is_super_admin && userCan(user, 'order');
}

/** Quantity (clamped to the limits, SPEC §5) and 'Add to cart', for whoever may order (useCanOrder). */
export function AddToCart({ target, limits, size = 'sm' }: AddToCartProps) {
  const { t } = useTranslation();
  const canOrder = useCanOrder();
  const [quantity, setQuantity] = useState<number>(limits?.min ?? 1);
  // a typed quantity the limits changed, so the field says why ('massimo 4 disponibili')
  const [clamped, setClamped] = useState<{ asked: number; got: number } | null>(null);

  // a new target (another variant) or new limits start again from the minimum
  useEffect(() => {
    setQuantity(limits?.min ?? 1);
    setClamped(null);
  }, [limits?.min]);

  if (!canOrder) return null;

  if (!limits) {
    return (
      <Button size={size} variant="default" disabled fullWidth>
        {t('product.cart.unavailable')}
      </Button>
    );
  }

  const add = () => {
    const got = clampQuantity(quantity, limits);
    if (got !== quantity) setClamped({ asked: quantity, got });
    const line = addToCart(
      {
        id: target.id,
        isVariant: target.isVariant,
        quantity: got,
        sku: target.sku,
        title: target.title,
      },
      limits,
    );
    notifications.show({
      color: 'teal',
      title: t('product.cart.added'),
      message: t('product.cart.addedDetail', { title: target.title, quantity: line.quantity }),
    });
  };

  const input = (
    <NumberInput
      label={size === 'md' ? t('product.cart.quantity') : undefined}
      aria-label={size === 'md' ? undefined : t('product.cart.quantityOf', { title: target.title })}
      size={size}
      w={size === 'sm' ? 72 : 120}
      flex="none"
      min={limits.min}
      max={limits.max ?? undefined}
      step={1}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="blur"
      value={quantity}
      onChange={(value) => setQuantity(typeof value === 'number' ? value : Number(value) || limits.min)}
      onBlur={(event) => {
        const asked = Number(event.currentTarget.value);
        const got = clampQuantity(quantity, limits);
        setClamped(Number.isFinite(asked) && asked > 0 && asked !== got ? { asked, got } : null);
        setQuantity(got);
      }}
      data-testid="quantity"
    />
  );

  const note = clamped && <QuantityLimitNote requested={clamped.asked} quantity={clamped.got} />;

  if (size === 'md') {
    // the product page's buy box: quantity, then a full-width button
    return (
      <Stack gap="sm">
        {input}
        {note}
        <Button
          size="md"
          fullWidth
          leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
          onClick={add}
          data-testid="add-to-cart"
        >
          {t('product.cart.add')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap" align="stretch">
        {input}
        <Button size="sm" flex={1} miw={140} px="sm" onClick={add} data-testid="add-to-cart">
          {t('product.cart.add')}
        </Button>
      </Group>
      {note}
    </Stack>
  );
}
