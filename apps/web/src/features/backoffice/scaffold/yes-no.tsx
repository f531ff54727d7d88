import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A flag in a list cell. */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={value ? 'teal' : 'gray'}>
      {t(value ? 'bo.yes' : 'bo.no')}
    </Badge>
  );
}
