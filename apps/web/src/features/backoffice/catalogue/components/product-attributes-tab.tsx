import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { AttributeTag } from '@shop/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryState } from '../../../../components/retry-state';
import { translateMessage } from '../../../../i18n/translate-message';
import { ApiError } from '../../../../lib/api-client';
import { notifySaved } from '../../scaffold/notify';
import { useUnsavedGuard } from '../../scaffold/use-unsaved-guard';
import { getAttributes, productKeys, saveAttributes } from '../api/products';

interface AttributeFieldProps {
  tag: AttributeTag;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** One attribute by its tag's type: list types offer their options (fixed_list only those). */
function AttributeField({ tag, value, error, onChange }: AttributeFieldProps) {
  const common = { label: tag.tag, description: tag.description || tag.code, error };
  switch (tag.type) {
    case 'fixed_list':
      return (
        <Select
          {...common}
          data={tag.options}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          clearable
          searchable
        />
      );
    case 'list':
      return <Autocomplete {...common} data={tag.options} value={value} onChange={onChange} />;
    case 'text':
      return (
        <Textarea
          {...common}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={1}
          maxRows={8}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type="url"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          placeholder="https://"
        />
      );
  }
}

/** The attributes tab (SPEC §2): one field per tag of the product's category and subcategory. */
export function ProductAttributesTab({ id, variant = false }: { id: number; variant?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = productKeys.tab(id, variant ? 'variant-attributes' : 'attributes');
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => getAttributes(id, variant, signal) });
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const loaded = query.data?.values;
  useEffect(() => {
    if (loaded) setValues(loaded);
  }, [loaded]);
  const dirty =
    !!loaded &&
    !!query.data &&
    query.data.tags.some((tag) => (values[tag.code] ?? '') !== (loaded[tag.code] ?? ''));
  const guard = useUnsavedGuard(dirty && !saving);

  async function save() {
    if (!query.data) return;
    setSaving(true);
    setErrors({});
    try {
      const body = Object.fromEntries(
        query.data.tags.map((tag) => [tag.code, values[tag.code]?.trim() || null]),
      );
      const saved = await saveAttributes(id, variant, body);
      guard.release();
      queryClient.setQueryData(key, saved);
      notifySaved();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        // errors come keyed `attributes.CODE` (or by code)
        setErrors(
          Object.fromEntries(
            Object.entries(error.errors).map(([k, list]) => [k.replace(/^attributes\./, ''), list[0] ?? '']),
          ),
        );
      }
    } finally {
      setSaving(false);
    }
  }

  if (query.isError)
    return <RetryState title={t('bo.detail.loadError')} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Loader aria-label={t('common.loading')} />;
  if (query.data.tags.length === 0) return <Alert variant="light">{t('bo.attributes.noTags')}</Alert>;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {query.data.tags.map((tag) => (
            <AttributeField
              key={tag.id}
              tag={tag}
              value={values[tag.code] ?? ''}
              error={errors[tag.code] ? translateMessage(errors[tag.code]!) : undefined}
              onChange={(value) => setValues((current) => ({ ...current, [tag.code]: value }))}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={saving}>
            {t('bo.detail.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
