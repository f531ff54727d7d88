import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../hooks/use-language';
import { type AvailabilityInput, availabilityView } from '../../lib/availability';
import { formatDate } from '../../lib/format';
import { lightBadgeText } from '../badge-text';

interface AvailabilityBadgeProps {
  product: AvailabilityInput;
  size?: 'sm' | 'md' | 'lg';
}

const BAND_TEXT = { '1-5': '1–5', '6-20': '6–20', '20+': '20+' } as const;

/**
 * Availability as the customer sees it: in stock or low stock with a quantity band, pre-order with the
 * release date, on request, out of stock with the date it is expected back.
 */
export function AvailabilityBadge({ product, size = 'sm' }: AvailabilityBadgeProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const view = availabilityView(product);
  const date = view.releaseDate
    ? t('product.releaseOn', { date: formatDate(view.releaseDate, lng) })
    : view.availableFrom
      ? t('product.availableFrom', { date: formatDate(view.availableFrom, lng) })
      : null;
  return (
    <Group gap={6} wrap="wrap" data-testid="availability" data-availability={view.status}>
      <Badge color={view.color} variant="light" size={size} radius="sm" style={lightBadgeText(view.color)}>
        {t(`product.availability.${view.status}`)}
      </Badge>
      {view.band && (
        <Text
          span
          size={size === 'sm' ? 'xs' : 'sm'}
          c="dimmed"
          aria-label={t('product.bandLabel', { band: BAND_TEXT[view.band] })}
          data-testid="availability-band"
        >
          {t('product.band', { band: BAND_TEXT[view.band] })}
        </Text>
      )}
      {date && (
        <Text span size={size === 'sm' ? 'xs' : 'sm'} c="dimmed">
          {date}
        </Text>
      )}
    </Group>
  );
}
