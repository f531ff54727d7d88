import { Button, Group, Text } from '@mantine/core';
import { SHOP_TIME_ZONE } from '@shop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../api/get-current-user';
import { api } from '../../../lib/api-client';

/** POST /api/impersonation/end: the staff member's own session is back; the server says where to go. */
export async function endImpersonation(): Promise<void> {
  const { redirect } = await api.post<{ redirect: string }>('/api/impersonation/end');
  window.location.assign(redirect);
}

/**
 * Issue 19 point 5: on every storefront page while a staff member is signed in as a customer's user,
 * who is who, until when, and the way back. A full page load follows the return, so no cached data
 * of the customer's outlives his session. Fixed colours read the same in both themes (WCAG AA).
 */
export function ImpersonationBanner() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser().data;
  const [leaving, setLeaving] = useState(false);
  const impersonation = user?.impersonation;
  if (!user || !impersonation) return null;
  const until = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'en' ? 'en-GB' : 'it-IT', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: SHOP_TIME_ZONE,
  }).format(new Date(impersonation.expires_at));
  const leave = () => {
    setLeaving(true);
    endImpersonation().catch(() => setLeaving(false));
  };
  return (
    <Group
      component="section"
      aria-label={t('impersonation.region')}
      justify="center"
      gap="sm"
      py={4}
      px="md"
      bg="blue.1"
      c="dark.9"
    >
      <Text role="status" size="sm">
        {t('impersonation.banner', { customer: user.email, staff: impersonation.staff_email, time: until })}
      </Text>
      <Button size="compact-sm" variant="filled" color="dark" loading={leaving} onClick={leave}>
        {t('impersonation.return')}
      </Button>
    </Group>
  );
}
