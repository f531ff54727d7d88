import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CannotOrderNotice } from '../../../components/role-notice';
import { useCan } from '../../../hooks/use-can';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCart } from '../../../lib/cart/cart-store';
import { QuickOrderForm } from './quick-order-form';

/** /quick-order: codes and quantities into the customer's cart. */
export function QuickOrderPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.quickOrder'));
  const canOrder = useCan('order');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('titles.quickOrder')}</Title>
        <Text c="dimmed">{t('quickOrder.lead')}</Text>
      </div>
      {canOrder ? <QuickOrderForm cartPath="/cart" /> : <CannotOrderNotice />}
    </Stack>
  );
}

/** /backoffice/quick-order: the same, for the customer chosen in the back-office cart. */
export function BackofficeQuickOrderPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.quickOrder'));
  const customer = useCart().customer ?? null;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('titles.quickOrder')}</Title>
        <Text c="dimmed">
          {customer ? t('backofficeCart.orderingFor', { name: customer.name }) : t('quickOrder.lead')}
        </Text>
      </div>
      {customer ? (
        <QuickOrderForm customerId={customer.id} cartPath="/backoffice/cart" />
      ) : (
        <Alert variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('backofficeCart.chooseFirst')}{' '}
          <Anchor component={Link} to="/backoffice/cart">
            {t('backoffice.pages.cart')}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}
