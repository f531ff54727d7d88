import { NumberInput, Select, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../i18n/keys';
import { DateField } from './date-field';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'int'
  /** Integer cents shown as euros with 2 decimals. */
  | 'money'
  /** Basis points shown as a percent (22% = 2200). */
  | 'percent'
  /** Thousandths shown as a decimal (1.5 = 1500). */
  | 'ratio'
  | 'switch'
  | 'select'
  | 'date'
  | 'tags';

export interface FieldSpec<V> {
  name: keyof V & string;
  labelKey: TranslationKey;
  kind: FieldKind;
  required?: boolean;
  descriptionKey?: TranslationKey;
  /** For selects: the choices (a hook, so they may be loaded). */
  useOptions?: () => { value: string; label: string }[];
  /** Hidden when this says so (e.g. list options only for list types). */
  when?: (values: V) => boolean;
  /** Not editable once created (the SKU). */
  readOnly?: boolean;
  /** A field the kinds above cannot draw (a logo upload). */
  render?: (form: UseFormReturnType<V>) => ReactNode;
}

/** Scale between what the form holds (the API's integer) and what the input shows. */
const SCALES: Partial<Record<FieldKind, { factor: number; decimals: number; suffix?: string }>> = {
  money: { factor: 100, decimals: 2 },
  percent: { factor: 100, decimals: 2, suffix: ' %' },
  ratio: { factor: 1000, decimals: 3 },
};

function SelectField<V>({
  field,
  form,
  label,
}: {
  field: FieldSpec<V>;
  form: UseFormReturnType<V>;
  label: string;
}) {
  const options = field.useOptions?.() ?? [];
  const props = form.getInputProps(field.name);
  const value = props.value as string | number | null | undefined;
  return (
    <Select
      {...props}
      label={label}
      withAsterisk={field.required}
      data={options}
      searchable
      clearable={!field.required}
      value={value === null || value === undefined ? null : String(value)}
      onChange={(next) => {
        // ids are numbers in the API; other selects (the tag type) keep strings
        const numeric = options.length > 0 && options.every((o) => /^\d+$/.test(o.value));
        form.setFieldValue(field.name, (next === null ? null : numeric ? Number(next) : next) as never);
      }}
    />
  );
}

/** One form field of a scaffold form, bound to a Mantine form by name; errors come from the form. */
export function FormField<V>({
  field,
  form,
}: {
  field: FieldSpec<V>;
  form: UseFormReturnType<V>;
}): ReactNode {
  const { t } = useTranslation();
  if (field.when && !field.when(form.getValues())) return null;
  if (field.render) return field.render(form);
  const label = t(field.labelKey);
  const description = field.descriptionKey ? t(field.descriptionKey) : undefined;
  const common = { label, description, withAsterisk: field.required, readOnly: field.readOnly };
  const props = form.getInputProps(field.name, field.kind === 'switch' ? { type: 'checkbox' } : undefined);
  switch (field.kind) {
    case 'textarea':
      return (
        <Textarea
          {...props}
          {...common}
          value={(props.value as string | null) ?? ''}
          autosize
          minRows={3}
          maxRows={12}
        />
      );
    case 'switch':
      return <Switch {...props} label={label} description={description} mt="md" />;
    case 'select':
      return <SelectField field={field} form={form} label={label} />;
    case 'date':
      return (
        <DateField
          {...common}
          value={props.value as string | null}
          error={props.error}
          onChange={(v) => form.setFieldValue(field.name, v as never)}
        />
      );
    case 'tags':
      return <TagsInput {...props} {...common} clearable />;
    case 'int':
    case 'money':
    case 'percent':
    case 'ratio': {
      const scale = SCALES[field.kind] ?? { factor: 1, decimals: 0 };
      const stored = props.value as number | null | undefined;
      return (
        <NumberInput
          {...props}
          {...common}
          value={stored === null || stored === undefined ? '' : stored / scale.factor}
          onChange={(next) =>
            form.setFieldValue(
              field.name,
              (next === '' || next === undefined ? null : Math.round(Number(next) * scale.factor)) as never,
            )
          }
          decimalScale={scale.decimals}
          fixedDecimalScale={field.kind === 'money'}
          decimalSeparator={t('bo.form.decimalSeparator')}
          suffix={scale.suffix}
          prefix={field.kind === 'money' ? '€ ' : undefined}
          allowNegative={false}
          hideControls
        />
      );
    }
    default:
      return <TextInput {...props} {...common} value={(props.value as string | null) ?? ''} />;
  }
}
