import { Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CreditFigures } from '../../../components/credit/credit-figures';
import { useCredit } from '../api/get-credit';

/** The Team page's credit card (issue 20 point 3): shown where the shop set a limit or blocked ordering. */
export function CreditCard({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { data: credit } = useCredit(customerId);
  if (!credit || (credit.credit_limit === null && !credit.blocked)) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="company-credit">
      <Title order={2} size="h4" id="company-credit" mb="sm">
        {t('credit.title')}
      </Title>
      <CreditFigures credit={credit} />
    </Paper>
  );
}
