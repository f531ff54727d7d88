import { Box, Button, Code, CopyButton, Group, Image, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TwoFactorEnrolment as Enrolment, TwoFactorConfirmInputSchema } from '@shop/domain';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmTwoFactor } from '../../api/confirm-two-factor';
import { applyServerErrors, schemaForm } from '../../lib/form';
import { FormErrorAlert } from './form-error-alert';

/** The secret in groups of four, as authenticator apps show it when typed. */
function grouped(secret: string) {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * The set-up: scan the QR code (or type the key), then confirm with the code the app shows; the
 * factor is on only after that, and the recovery codes go to `onConfirmed`.
 */
export function TwoFactorEnrolment({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: Enrolment;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmTwoFactor();
  const [failure, setFailure] = useState<string>();
  const form = useForm({ initialValues: { code: '' }, ...schemaForm(TwoFactorConfirmInputSchema) });

  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    try {
      const { recovery_codes } = await confirm.mutateAsync(TwoFactorConfirmInputSchema.parse(values));
      onConfirmed(recovery_codes);
    } catch (error) {
      setFailure(applyServerErrors(form, error, ['code']));
    }
  });

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('twoFactor.scanTitle')}
        </Title>
        <Text size="sm">{t('twoFactor.scanHelp')}</Text>
        <Box bg="white" p={4} w={208} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Image src={enrolment.qr_code} alt={t('twoFactor.qrAlt')} w={200} h={200} />
        </Box>
        <Text size="sm">{t('twoFactor.typeKey')}</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code
            fz="md"
            aria-label={t('twoFactor.setupKey')}
            data-secret={enrolment.secret}
            style={{ letterSpacing: '0.08em', wordBreak: 'break-all' }}
          >
            {grouped(enrolment.secret)}
          </Code>
          <CopyButton value={enrolment.secret}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="subtle"
                color={copied ? 'teal' : undefined}
                leftSection={
                  copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                }
                onClick={copy}
              >
                {copied ? t('twoFactor.copied') : t('twoFactor.copyKey')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={360}>
          <Title order={3} size="h5">
            {t('twoFactor.confirmTitle')}
          </Title>
          <FormErrorAlert message={failure} />
          <TextInput
            label={t('secondFactor.code')}
            description={t('secondFactor.codeHelp')}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9 ]*"
            maxLength={7}
            required
            withAsterisk={false}
            {...form.getInputProps('code')}
          />
          <Group gap="sm">
            <Button type="submit" loading={confirm.isPending}>
              {t('twoFactor.turnOn')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('twoFactor.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
