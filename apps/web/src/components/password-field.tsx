import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's PasswordInput with a translated show/hide button whose label does not contain 'password',
 * so the field stays the only control labelled 'Password' (end-to-end tests find it by label).
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('common.revealCharacters') }} {...props} />
  );
}
