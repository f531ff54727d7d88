import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShop } from '../api/get-shop';

/**
 * Issue 18: while the built-in test gateway takes payments, every page says no money moves. Fixed
 * colours (Mantine's dark 9 on yellow 1) read the same in both themes, well above WCAG AA.
 */
export function TestPaymentsBanner() {
  const { t } = useTranslation();
  return (
    useShop().data?.payments_mode === 'test' && (
      <Text role="status" ta="center" size="sm" bg="yellow.1" c="dark.9">
        {t('common.testPayments')}
      </Text>
    )
  );
}
