import { Anchor, TextInput } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import {
  RecoveryCodeSchema,
  TotpCodeSchema,
  type TwoFactorCodeInput,
  TwoFactorCodeInputSchema,
} from '@shop/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { schemaForm } from '../../lib/form';

type Values = { mode: 'code' | 'recovery_code'; code: string; recovery_code: string };
export type SecondFactorForm = UseFormReturnType<Values>;

const byMode = {
  code: schemaResolver(z.object({ code: TotpCodeSchema }), { sync: true }),
  recovery_code: schemaResolver(z.object({ recovery_code: RecoveryCodeSchema }), { sync: true }),
};

/** A form for the second factor: a code of the app, or (switched by a link) a recovery code. */
export function useSecondFactorForm(): SecondFactorForm {
  return useForm<Values>({
    initialValues: { mode: 'code', code: '', recovery_code: '' },
    ...schemaForm(z.object({})),
    validate: (values) => byMode[values.mode](values),
  });
}

/** The body the server takes: only the field in use. */
export function secondFactorInput(values: Values): TwoFactorCodeInput {
  return TwoFactorCodeInputSchema.parse(
    values.mode === 'code' ? { code: values.code } : { recovery_code: values.recovery_code },
  );
}

/**
 * The code field (numeric keyboard, the phone's one-time-code autofill) or the recovery code field,
 * with the link that switches between them; the switch moves the focus to the new field.
 */
export function SecondFactorFields({ form }: { form: SecondFactorForm }) {
  const { t } = useTranslation();
  const recovery = form.values.mode === 'recovery_code';
  const field = useRef<HTMLInputElement>(null);
  const switched = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the switch of field
  useEffect(() => {
    if (switched.current) field.current?.focus();
  }, [recovery]);
  const toggle = () => {
    switched.current = true;
    form.setValues({ mode: recovery ? 'code' : 'recovery_code', code: '', recovery_code: '' });
    form.clearErrors();
  };
  return (
    <>
      {recovery ? (
        <TextInput
          key="recovery_code"
          label={t('secondFactor.recoveryCode')}
          description={t('secondFactor.recoveryCodeHelp')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          required
          withAsterisk={false}
          data-autofocus
          ref={field}
          {...form.getInputProps('recovery_code')}
        />
      ) : (
        <TextInput
          key="code"
          label={t('secondFactor.code')}
          description={t('secondFactor.codeHelp')}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          withAsterisk={false}
          data-autofocus
          ref={field}
          {...form.getInputProps('code')}
        />
      )}
      <Anchor component="button" type="button" size="sm" ta="left" onClick={toggle}>
        {recovery ? t('secondFactor.useAppCode') : t('secondFactor.useRecoveryCode')}
      </Anchor>
    </>
  );
}
