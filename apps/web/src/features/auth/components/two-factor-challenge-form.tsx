import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import type { CurrentUser } from '@shop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SecondFactorFields,
  secondFactorInput,
  useSecondFactorForm,
} from '../../../components/two-factor/second-factor-fields';
import { applyServerErrors } from '../../../lib/form';
import { useTwoFactorChallenge } from '../api/two-factor-challenge';
import { FormError } from './form-error';

/**
 * The second step of a sign-in (issue 17 point 6): the code of the authenticator app, or a recovery
 * code through the link under the field. Back returns to the e-mail and password.
 */
export function TwoFactorChallengeForm({
  onSignedIn,
  onBack,
}: {
  onSignedIn: (user: CurrentUser) => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const challenge = useTwoFactorChallenge();
  const form = useSecondFactorForm();
  const [formError, setFormError] = useState<string>();
  const recovery = form.values.mode === 'recovery_code';

  const submit = form.onSubmit(async (values) => {
    setFormError(undefined);
    try {
      await onSignedIn(await challenge.mutateAsync(secondFactorInput(values)));
    } catch (error) {
      setFormError(applyServerErrors(form, error, ['code', 'recovery_code']));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="two-factor-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="two-factor-title">
            {t('auth.twoFactor.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {recovery ? t('auth.twoFactor.recoveryDescription') : t('auth.twoFactor.description')}
          </Text>
        </Stack>
        <FormError message={formError} />
        <SecondFactorFields form={form} />
        <Button type="submit" loading={challenge.isPending} fullWidth>
          {t('auth.twoFactor.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('auth.backToSignIn')}
        </Anchor>
      </Stack>
    </form>
  );
}
