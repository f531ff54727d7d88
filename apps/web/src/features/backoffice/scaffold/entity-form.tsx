import { Alert, Button, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { TranslationKey } from '../../../i18n/keys';
import { translateMessage } from '../../../i18n/translate-message';
import { applyServerErrors, schemaForm } from '../../../lib/form';
import { type FieldSpec, FormField } from './form-fields';
import { notifySaved } from './notify';
import { useUnsavedGuard } from './use-unsaved-guard';

export interface FormSection<V> {
  titleKey?: TranslationKey;
  fields: FieldSpec<V>[];
}

export interface EntityFormProps<V, R> {
  /** The domain schema the server validates the body with (STYLE.md: one schema per boundary). */
  schema: z.ZodType;
  initialValues: V;
  sections: FormSection<V>[];
  submit: (values: V) => Promise<R>;
  onSaved?: (result: R) => void;
  submitKey?: TranslationKey;
  /** What is sent (and so validated) when it differs from the form's values (blanks left out). */
  toBody?: (values: V) => unknown;
  /** Guard against leaving with unsaved changes (off inside modals, which close on their own). */
  guard?: boolean;
}

/**
 * A scaffold form: Mantine form validated by the domain zod schema, fields from config, a 422's field
 * errors put on those fields, a toast when saved, and a guard while there are unsaved changes.
 */
export function EntityForm<V extends Record<string, unknown>, R>({
  schema,
  initialValues,
  sections,
  submit,
  onSaved,
  submitKey = 'bo.detail.save',
  guard = true,
  toBody,
}: EntityFormProps<V, R>) {
  const { t } = useTranslation();
  const schemaOptions = schemaForm(schema);
  const validateBody = schemaOptions.validate as unknown as (values: unknown) => FormErrors;
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    ...schemaOptions,
    validate: toBody ? (values: V) => validateBody(toBody(values)) : schemaOptions.validate,
  });
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string>();
  const fields = sections.flatMap((section) => section.fields.map((field) => field.name));
  const guardState = useUnsavedGuard(guard && form.isDirty() && !saving);

  const onSubmit = form.onSubmit(async (values) => {
    setSaving(true);
    setFormError(undefined);
    try {
      const result = await submit(values);
      form.setInitialValues(values);
      form.resetDirty(values);
      guardState.release();
      notifySaved();
      onSaved?.(result);
    } catch (error) {
      setFormError(applyServerErrors(form, error, fields));
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        {formError && (
          <Alert color="red" role="alert">
            {translateMessage(formError)}
          </Alert>
        )}
        {sections.map((section, index) => (
          <Stack key={section.titleKey ?? index} gap="xs">
            {section.titleKey && <Title order={3}>{t(section.titleKey)}</Title>}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="xs">
              {section.fields.map((field) => (
                <FormField key={field.name} field={field} form={form} />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
        <Group>
          <Button type="submit" loading={saving}>
            {t(submitKey)}
          </Button>
          {form.isDirty() && (
            <Button variant="subtle" onClick={() => form.reset()}>
              {t('bo.detail.discard')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
