import { Card, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CreditFigures } from '../../../../components/credit/credit-figures';
import { RetryState } from '../../../../components/retry-state';
import { creditKeys, getCustomerCredit } from '../api/credit';

/** The customer page's 'Credit' panel (issue 20 point 3): his exposure against the limit staff set. */
export function CustomerCreditPanel({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const credit = useQuery({
    queryKey: creditKeys.customer(customerId),
    queryFn: ({ signal }) => getCustomerCredit(customerId, signal),
  });
  return (
    <Card withBorder component="section" aria-labelledby="customer-credit">
      <Title order={2} size="h4" id="customer-credit" mb="sm">
        {t('credit.title')}
      </Title>
      {credit.isError ? (
        <RetryState title={t('credit.loadError')} onRetry={() => void credit.refetch()} />
      ) : (
        credit.data && <CreditFigures credit={credit.data} />
      )}
    </Card>
  );
}
