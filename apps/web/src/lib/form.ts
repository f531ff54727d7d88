import { type FormErrors, type GetInputPropsReturnType, schemaResolver } from '@mantine/form';
import type { z } from 'zod';
import { translateMessage } from '../i18n/translate-message';
import { ApiError } from './api-client';

/**
 * Mantine form options that validate with a domain zod schema (STYLE.md: one schema per boundary) and
 * show each error — from the schema or the server, both English — translated in the current language.
 * Spread into useForm: `useForm({ initialValues, ...schemaForm(LoginInputSchema) })`.
 */
export function schemaForm(schema: z.ZodType) {
  return {
    validate: schemaResolver(schema, { sync: true }),
    enhanceGetInputProps: ({ inputProps }: { inputProps: GetInputPropsReturnType }) =>
      typeof inputProps.error === 'string' ? { error: translateMessage(inputProps.error) } : undefined,
  };
}

/**
 * Puts a 422's field errors on the form's fields (and their parts). Returns the message to show above the form for what
 * no field can hold (errors on other keys, or a 422 without field errors); undefined otherwise. Other
 * failures were already reported by the API client's global handling.
 */
export function applyServerErrors(
  form: { setErrors: (errors: FormErrors) => void },
  error: unknown,
  fields: readonly string[],
): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const onFields: FormErrors = {};
  const elsewhere: string[] = [];
  for (const [key, list] of Object.entries(error.errors)) {
    const first = list[0];
    if (first === undefined) continue;
    // A field holding a list or a group owns its parts' errors too (social_links.0.url).
    if (fields.some((field) => key === field || key.startsWith(`${field}.`))) onFields[key] = first;
    else elsewhere.push(first);
  }
  form.setErrors(onFields);
  if (elsewhere.length > 0) return elsewhere.join(' ');
  return Object.keys(onFields).length === 0 ? error.message : undefined;
}
