import { Stack, Text } from '@mantine/core';
import type { Language, Order } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../hooks/use-language';
import { countryName } from '../../lib/countries';

function formatAddress(address: Order['billing_address'], lng: Language): string {
  const name = [address.company, [address.firstname, address.lastname].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(' · ');
  return [name, address.address, `${address.postcode} ${address.city}`, countryName(address.country, lng)]
    .filter(Boolean)
    .join(', ');
}

/**
 * The order's billing and shipping addresses as written on it, and the customer's reference ('your
 * reference' to the customer, 'the customer's reference' to staff).
 */
export function OrderAddresses({ order, staff = false }: { order: Order; staff?: boolean }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <Stack gap="xs" data-testid="order-addresses">
      <Text size="sm" fw={600}>
        {t('checkout.address.billing')}
      </Text>
      <Text size="sm">{formatAddress(order.billing_address, lng)}</Text>
      <Text size="sm" fw={600}>
        {t('checkout.address.shipping')}
      </Text>
      <Text size="sm">{formatAddress(order.shipping_address, lng)}</Text>
      {order.customer_reference && (
        <Text size="sm">
          {t(staff ? 'bo.checkout.customerReference' : 'order.reference', {
            reference: order.customer_reference,
          })}
        </Text>
      )}
    </Stack>
  );
}
