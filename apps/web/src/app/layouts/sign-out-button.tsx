import { Button, type ButtonProps } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout';

/** POST /logout, then the user and the cache are cleared and the router goes home. */
export function SignOutButton(props: ButtonProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Button
      variant="default"
      leftSection={<IconLogout size={16} aria-hidden />}
      loading={logout.isPending}
      onClick={() => logout.mutate()}
      {...props}
    >
      {t('header.signOut')}
    </Button>
  );
}
