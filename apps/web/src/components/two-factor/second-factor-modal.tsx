import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TwoFactorCodeInput } from '@shop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../lib/form';
import { FormErrorAlert } from './form-error-alert';
import { SecondFactorFields, secondFactorInput, useSecondFactorForm } from './second-factor-fields';

/**
 * Asks for the second factor before a change that needs it (new recovery codes, turning it off):
 * a code of the app or a recovery code; server errors land on the field.
 */
export function SecondFactorModal({
  opened,
  title,
  description,
  submitLabel,
  danger,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  title: string;
  description: string;
  submitLabel: string;
  danger?: boolean;
  onClose: () => void;
  onSubmit: (input: TwoFactorCodeInput) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useSecondFactorForm();
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);

  const close = () => {
    form.reset();
    setFailure(undefined);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    setPending(true);
    try {
      await onSubmit(secondFactorInput(values));
      form.reset();
    } catch (error) {
      setFailure(applyServerErrors(form, error, ['code', 'recovery_code']));
    } finally {
      setPending(false);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{description}</Text>
          <FormErrorAlert message={failure} />
          <SecondFactorFields form={form} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              {t('twoFactor.cancel')}
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
