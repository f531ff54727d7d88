import { MantineThemeProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './notifications-host.module.css';

/**
 * Where the page's header ends on screen (0 when it has scrolled away or there is none): the storefront's
 * header is sticky and the back office's fixed, with banners above them at times, so it is measured.
 */
function useHeaderBottom(): number {
  const [bottom, setBottom] = useState(0);
  useEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const measure = () => setBottom(Math.max(0, Math.round(header.getBoundingClientRect().bottom)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, []);
  return bottom;
}

/**
 * Mantine's toast renderer, in its own chunk (see toast-host.tsx). Every toast's close button is named
 * in the current language (WCAG: a button needs an accessible name). Toasts open below the header, never
 * over its cart, account and language buttons (issue 22).
 */
export function NotificationsHost() {
  const { t } = useTranslation();
  const label = t('common.close');
  const headerBottom = useHeaderBottom();
  return (
    <MantineThemeProvider
      inherit
      theme={{
        components: {
          Notification: { defaultProps: { closeButtonProps: { 'aria-label': label, title: label } } },
        },
      }}
    >
      <Notifications
        position="top-right"
        limit={4}
        className={classes.toasts}
        style={{ '--toasts-top': `${headerBottom}px` } as CSSProperties}
        data-testid="toasts"
      />
    </MantineThemeProvider>
  );
}
