import { Button, Group, NumberInput, Text, TextInput } from '@mantine/core';
import { type PriceListRow, PriceListRowInputSchema } from '@shop/domain';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../../i18n/translate-message';
import { ApiError } from '../../../../lib/api-client';
import { notifySaved } from '../../scaffold/notify';
import { savePriceListRow } from '../api/price-lists';

type Field = 'sku' | 'price' | 'min_quantity';
type Errors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ['sku', 'price', 'min_quantity'];

/** The field an error's path (the schema's or the server's 422 key) belongs to. */
const fieldOf = (path: string): Field | undefined => FIELDS.find((f) => path === f || path.endsWith(`.${f}`));

/**
 * Adds a row to a price list (a product by SKU, its net price in euros, from a minimum quantity), or
 * changes `editing` when given; errors land on their inputs.
 */
export function PriceListRowForm({
  listId,
  editing,
  onSaved,
  onCancel,
}: {
  listId: number;
  editing?: PriceListRow;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [sku, setSku] = useState(editing?.sku ?? '');
  const [price, setPrice] = useState<number | ''>(editing ? editing.price / 100 : '');
  const [minQuantity, setMinQuantity] = useState<number | ''>(editing?.min_quantity ?? 1);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  function show(entries: [string, string | undefined][]) {
    const found: Errors = {};
    for (const [path, message] of entries) {
      const field = fieldOf(path);
      if (field && message) found[field] ??= translateMessage(message);
    }
    setErrors(found);
    return Object.keys(found).length > 0;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      sku: sku.trim(),
      price: price === '' ? 0 : Math.round(price * 100),
      min_quantity: minQuantity === '' ? 0 : minQuantity,
    };
    const parsed = PriceListRowInputSchema.safeParse(body);
    if (!parsed.success) {
      show(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await savePriceListRow(listId, editing?.id, body);
      notifySaved(t(editing ? 'bo.priceLists.rowUpdated' : 'bo.priceLists.rowAdded', { sku: body.sku }));
      if (!editing) {
        setSku('');
        setPrice('');
        setMinQuantity(1);
      }
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const onFields = show(Object.entries(error.errors).map(([key, list]) => [key, list[0]]));
        if (!onFields) setErrors({ sku: translateMessage(error.message) });
      }
    } finally {
      setSaving(false);
    }
  }

  const number = { allowNegative: false, hideControls: true, withAsterisk: true, miw: 140 };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput
          label={t('bo.fields.sku')}
          value={sku}
          onChange={(event) => setSku(event.currentTarget.value)}
          error={errors.sku}
          withAsterisk
          miw={220}
        />
        <NumberInput
          {...number}
          label={t('bo.priceLists.netPrice')}
          value={price}
          onChange={(value) => setPrice(value === '' ? '' : Number(value))}
          error={errors.price}
          decimalScale={2}
          fixedDecimalScale
          decimalSeparator={t('bo.form.decimalSeparator')}
          prefix="€ "
        />
        <NumberInput
          {...number}
          label={t('bo.priceLists.minQuantity')}
          value={minQuantity}
          onChange={(value) => setMinQuantity(value === '' ? '' : Number(value))}
          error={errors.min_quantity}
          allowDecimal={false}
        />
        <Button
          type="submit"
          loading={saving}
          mt={25}
          leftSection={editing ? undefined : <IconPlus size={16} aria-hidden />}
        >
          {t(editing ? 'bo.detail.save' : 'bo.priceLists.addRow')}
        </Button>
        {editing && (
          <Button variant="subtle" mt={25} onClick={onCancel}>
            {t('bo.detail.discard')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {t('bo.priceLists.addHint')}
      </Text>
    </form>
  );
}
