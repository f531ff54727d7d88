import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Issue 19: said where an ordering action would be, to a user whose role only reads (a viewer). */
export function CannotOrderNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} data-testid="cannot-order">
      {t('roles.cannotOrder')}
    </Alert>
  );
}
