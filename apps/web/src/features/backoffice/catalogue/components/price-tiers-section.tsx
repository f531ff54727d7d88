import { ActionIcon, Alert, Button, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { type PriceTiers, PriceTiersInputSchema } from '@shop/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryState } from '../../../../components/retry-state';
import { useLanguage } from '../../../../hooks/use-language';
import { translateMessage } from '../../../../i18n/translate-message';
import { ApiError } from '../../../../lib/api-client';
import { formatMoney } from '../../../../lib/format';
import { getPriceTiers, priceListKeys, savePriceTiers } from '../../sales/api/price-lists';
import { notifySaved } from '../../scaffold/notify';

type Tier = { min_quantity: number | ''; price: number | '' };
/** Errors by `N.field`, as the 422's `tiers.N.field` keys say them. */
type Errors = Record<string, string>;

function collect(entries: [string, string | undefined][]): Errors {
  const found: Errors = {};
  for (const [path, message] of entries) {
    const key = path.replace(/^tiers\./, '');
    if (message) found[key] ??= translateMessage(message);
  }
  return found;
}

/** The tiers as the form edits them: euros, blanks allowed while typing. */
const toForm = (data: PriceTiers): Tier[] =>
  data.tiers.map((t) => ({ min_quantity: t.min_quantity, price: t.price / 100 }));

function TiersForm({ productId, data }: { productId: number; data: PriceTiers }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const queryClient = useQueryClient();
  const [tiers, setTiers] = useState<Tier[]>(() => toForm(data));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const set = (index: number, change: Partial<Tier>) =>
    setTiers((all) => all.map((tier, i) => (i === index ? { ...tier, ...change } : tier)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      tiers: tiers.map((tier) => ({
        min_quantity: tier.min_quantity === '' ? 0 : tier.min_quantity,
        price: tier.price === '' ? 0 : Math.round(tier.price * 100),
      })),
    };
    const parsed = PriceTiersInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(collect(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const saved = await savePriceTiers(productId, body);
      queryClient.setQueryData(priceListKeys.tiers(productId), saved);
      setTiers(toForm(saved));
      notifySaved(t('bo.priceTiers.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422)
        setErrors(collect(Object.entries(error.errors).map(([key, list]) => [key, list[0]])));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('bo.priceTiers.hint', { price: formatMoney(data.list_price, lng) })}
        </Text>
        {tiers.length === 0 && (
          <Alert variant="light" title={t('bo.priceTiers.none')}>
            {t('bo.priceTiers.noneHint')}
          </Alert>
        )}
        {tiers.map((tier, index) => (
          // tiers have no id: a row is its position in the list
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered
          <Group key={index} align="flex-start" gap="sm">
            <NumberInput
              label={t('bo.priceTiers.fromQuantity', { n: index + 1 })}
              value={tier.min_quantity}
              onChange={(value) => set(index, { min_quantity: value === '' ? '' : Number(value) })}
              error={errors[`${index}.min_quantity`]}
              allowNegative={false}
              allowDecimal={false}
              hideControls
              withAsterisk
              miw={160}
            />
            <NumberInput
              label={t('bo.priceTiers.netPrice', { n: index + 1 })}
              value={tier.price}
              onChange={(value) => set(index, { price: value === '' ? '' : Number(value) })}
              error={errors[`${index}.price`]}
              decimalScale={2}
              fixedDecimalScale
              decimalSeparator={t('bo.form.decimalSeparator')}
              prefix="€ "
              allowNegative={false}
              hideControls
              withAsterisk
              miw={160}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={30}
              aria-label={t('bo.priceTiers.remove', { n: index + 1 })}
              onClick={() => setTiers((all) => all.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {errors.tiers && <Text c="red">{errors.tiers}</Text>}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setTiers((all) => [...all, { min_quantity: '', price: '' }])}
          >
            {t('bo.priceTiers.add')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('bo.priceTiers.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A product's volume tiers (issue 20 point 4, DESIGN §6 rule 17): from N units a net price replaces
 * the list price. Saving replaces the whole list (PUT /api/products/{id}/price-tiers); a 422's
 * `tiers.N.field` errors land on that row's input.
 */
export function PriceTiersSection({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: priceListKeys.tiers(productId),
    queryFn: ({ signal }) => getPriceTiers(productId, signal),
  });
  return (
    <Stack gap="xs">
      <Title order={3}>{t('bo.priceTiers.title')}</Title>
      {query.isError ? (
        <RetryState title={t('bo.detail.loadError')} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <TiersForm productId={productId} data={query.data} />
      )}
    </Stack>
  );
}
