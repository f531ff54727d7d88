import { TextInput } from '@mantine/core';
import { messages } from '@shop/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../hooks/use-language';
import { translateMessage } from '../../../i18n/translate-message';
import { formatDate } from '../../../lib/format';

/** dd/MM/yyyy (it) or yyyy-MM-dd (en) to an ISO date; undefined when it is not a real date. */
export function parseDate(text: string, lng: 'it' | 'en'): string | undefined {
  const match =
    lng === 'it' ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text) : /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (!match) return undefined;
  const [day, month, year] = lng === 'it' ? [match[1], match[2], match[3]] : [match[3], match[2], match[1]];
  const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

interface DateFieldProps {
  label: string;
  description?: string;
  value: string | null;
  error?: ReactNode;
  onChange: (iso: string | null) => void;
}

/** A date typed in the SPEC §9 format of the language; the form holds the ISO date (YYYY-MM-DD). */
export function DateField({ label, description, value, error, onChange }: DateFieldProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [text, setText] = useState(formatDate(value, lng));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(formatDate(value, lng));
  }, [value, lng]);
  return (
    <TextInput
      label={label}
      description={description}
      placeholder={t('bo.form.datePlaceholder')}
      value={text}
      error={invalid ? translateMessage(messages.invalidValue) : error}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={() => {
        const trimmed = text.trim();
        if (trimmed === '') {
          setInvalid(false);
          onChange(null);
          return;
        }
        const iso = parseDate(trimmed, lng);
        setInvalid(iso === undefined);
        if (iso) onChange(iso);
      }}
    />
  );
}
