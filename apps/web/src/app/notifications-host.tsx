import { MantineThemeProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's toast renderer, in its own chunk (see toast-host.tsx). Every toast's close button is named
 * in the current language (WCAG: a button needs an accessible name).
 */
export function NotificationsHost() {
  const { t } = useTranslation();
  const label = t('common.close');
  return (
    <MantineThemeProvider
      inherit
      theme={{
        components: {
          Notification: { defaultProps: { closeButtonProps: { 'aria-label': label, title: label } } },
        },
      }}
    >
      <Notifications position="top-right" limit={4} />
    </MantineThemeProvider>
  );
}
