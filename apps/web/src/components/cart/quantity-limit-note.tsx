import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Says why a quantity changed when it was clamped (SPEC §5): 'massimo 4 disponibili' when more was
 * asked than can be ordered, 'minimo 2 per ordine' when less than the minimum. Nothing when it was kept.
 */
export function QuantityLimitNote({ requested, quantity }: { requested: number | null; quantity: number }) {
  const { t } = useTranslation();
  if (requested === null || !Number.isFinite(requested) || requested === quantity) return null;
  return (
    <Text size="xs" c="var(--mantine-color-orange-text)" role="status" data-testid="quantity-limit">
      {quantity < requested
        ? t('cart.line.limitMax', { count: quantity })
        : t('cart.line.limitMin', { count: quantity })}
    </Text>
  );
}
