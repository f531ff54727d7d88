import { Alert, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TwoFactorEnrolment as Enrolment } from '@shop/domain';
import { IconKey, IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisableTwoFactor } from '../../api/disable-two-factor';
import { useCurrentUser } from '../../api/get-current-user';
import { useShopName } from '../../api/get-shop';
import { useTwoFactorStatus } from '../../api/get-two-factor-status';
import { useRegenerateRecoveryCodes } from '../../api/regenerate-recovery-codes';
import { useStartTwoFactor } from '../../api/start-two-factor';
import { useLanguage } from '../../hooks/use-language';
import { formatDate } from '../../lib/format';
import { RetryState } from '../retry-state';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SecondFactorModal } from './second-factor-modal';
import { TwoFactorEnrolment } from './two-factor-enrolment';

type Dialog = 'regenerate' | 'disable' | null;

/**
 * Issue 17 point 6, for staff (back-office account page) and customers (profile, security tab):
 * set up two-factor sign-in with an authenticator app, see that it is on and how many recovery codes
 * are left, get new recovery codes, turn it off (not while it is required). Changes that weaken it ask
 * for the second factor itself.
 */
export function TwoFactorSettings() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const status = useTwoFactorStatus();
  const email = useCurrentUser().data?.email ?? '';
  const shopName = useShopName();
  const start = useStartTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [codes, setCodes] = useState<string[]>();
  const [dialog, setDialog] = useState<Dialog>(null);

  if (status.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (status.isError) {
    return <RetryState title={t('twoFactor.loadError')} onRetry={() => void status.refetch()} />;
  }
  const { enabled, enabled_at, required, recovery_codes_left } = status.data;

  const header = (
    <Group gap="sm" wrap="nowrap" align="center">
      <Title order={2} size="h4">
        {t('twoFactor.title')}
      </Title>
      <Badge color={enabled ? 'teal' : 'gray'} variant="light">
        {enabled ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}
      </Badge>
    </Group>
  );

  if (codes) {
    return (
      <Stack gap="md">
        {header}
        <RecoveryCodesPanel
          codes={codes}
          heading={t('twoFactor.codesFileHeading', { shop: shopName, email })}
          onDone={() => setCodes(undefined)}
        />
      </Stack>
    );
  }

  if (!enabled) {
    return (
      <Stack gap="md">
        {header}
        {required && (
          <Alert color="orange" variant="light" icon={<IconShieldLock aria-hidden />} role="alert">
            {t('twoFactor.requiredAlert')}
          </Alert>
        )}
        <Text size="sm">{t('twoFactor.intro')}</Text>
        {enrolment ? (
          <TwoFactorEnrolment
            enrolment={enrolment}
            onCancel={() => setEnrolment(undefined)}
            onConfirmed={(recoveryCodes) => {
              setEnrolment(undefined);
              setCodes(recoveryCodes);
              notifications.show({ color: 'teal', message: t('twoFactor.enabledToast') });
            }}
          />
        ) : (
          <Group>
            <Button
              leftSection={<IconShieldCheck size={18} aria-hidden />}
              loading={start.isPending}
              onClick={async () => setEnrolment(await start.mutateAsync())}
            >
              {t('twoFactor.setUp')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {header}
      <Text size="sm">
        {t('twoFactor.enabledSince', { date: formatDate(enabled_at, lng) })}{' '}
        {t('twoFactor.codesLeft', { count: recovery_codes_left })}
      </Text>
      {recovery_codes_left <= 3 && (
        <Alert color="yellow" variant="light" icon={<IconKey aria-hidden />}>
          {t('twoFactor.fewCodesLeft')}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconKey size={18} aria-hidden />}
          onClick={() => setDialog('regenerate')}
        >
          {t('twoFactor.newCodes')}
        </Button>
        {!required && (
          <Button variant="outline" color="red" onClick={() => setDialog('disable')}>
            {t('twoFactor.turnOff')}
          </Button>
        )}
      </Group>
      {required && (
        <Text size="sm" c="dimmed">
          {t('twoFactor.requiredNote')}
        </Text>
      )}
      <SecondFactorModal
        opened={dialog === 'regenerate'}
        title={t('twoFactor.newCodesTitle')}
        description={t('twoFactor.newCodesHelp')}
        submitLabel={t('twoFactor.newCodes')}
        onClose={() => setDialog(null)}
        onSubmit={async (input) => {
          const { recovery_codes } = await regenerate.mutateAsync(input);
          setDialog(null);
          setCodes(recovery_codes);
        }}
      />
      <SecondFactorModal
        opened={dialog === 'disable'}
        title={t('twoFactor.turnOffTitle')}
        description={t('twoFactor.turnOffHelp')}
        submitLabel={t('twoFactor.turnOff')}
        danger
        onClose={() => setDialog(null)}
        onSubmit={async (input) => {
          await disable.mutateAsync(input);
          setDialog(null);
          notifications.show({ color: 'teal', message: t('twoFactor.disabledToast') });
        }}
      />
    </Stack>
  );
}
