import { ActionIcon, Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Tooltip } from '@mantine/core';
import { type AdminProduct, VariantInputSchema, VariantUpdateSchema } from '@shop/domain';
import { IconPencil, IconStar } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RetryState } from '../../../../components/retry-state';
import { useLanguage } from '../../../../hooks/use-language';
import { formatMoney } from '../../../../lib/format';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import { notifySaved } from '../../scaffold/notify';
import { createVariant, listVariants, productKeys, setDefaultVariant, updateVariant } from '../api/products';
import { ProductAttributesTab } from './product-attributes-tab';

type VariantValues = {
  sku: string;
  variant_value: number | null;
  description: string;
  price: number | null;
  ean13: string;
  is_default?: boolean;
};

const sections = (withDefault: boolean): FormSection<VariantValues>[] => [
  {
    fields: [
      { name: 'sku', labelKey: 'bo.fields.sku', kind: 'text', required: true },
      {
        name: 'variant_value',
        labelKey: 'bo.fields.variantValue',
        kind: 'int',
        required: true,
        descriptionKey: 'bo.variants.valueHint',
      },
      {
        name: 'description',
        labelKey: 'bo.fields.title',
        kind: 'text',
        descriptionKey: 'bo.variants.inherits',
      },
      { name: 'price', labelKey: 'bo.fields.price', kind: 'money', descriptionKey: 'bo.variants.inherits' },
      { name: 'ean13', labelKey: 'bo.fields.ean13', kind: 'text' },
      ...(withDefault
        ? [
            {
              name: 'is_default' as const,
              labelKey: 'bo.variants.makeDefault' as const,
              kind: 'switch' as const,
            },
          ]
        : []),
    ],
  },
];

/** Blank fields are left out, so the variant keeps its product's value. */
function body(values: VariantValues) {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== '')) as never;
}

/** The add-variant tab (SPEC §2): a variant's own SKU and value (1 to 4); the rest from its product. */
export function AddVariantTab({ product }: { product: AdminProduct }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <EntityForm<VariantValues, AdminProduct>
      schema={VariantInputSchema}
      initialValues={{
        sku: '',
        variant_value: null,
        description: '',
        price: null,
        ean13: '',
        is_default: false,
      }}
      sections={sections(true)}
      toBody={body}
      submit={(values) => createVariant(product.id, body(values))}
      submitKey="bo.variants.add"
      onSaved={() => {
        void queryClient.invalidateQueries({ queryKey: productKeys.tab(product.id, 'variants') });
        void queryClient.invalidateQueries({ queryKey: productKeys.detail(product.sku) });
        void navigate(`/backoffice/products/${encodeURIComponent(product.sku)}/variants`);
      }}
    />
  );
}

/** The variants tab (SPEC §2): the list, the default variant, and editing a variant and its attributes. */
export function VariantsTab({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const queryClient = useQueryClient();
  const key = productKeys.tab(product.id, 'variants');
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => listVariants(product.id, signal) });
  const [editing, setEditing] = useState<AdminProduct>();

  async function makeDefault(variant: AdminProduct) {
    await setDefaultVariant(product.id, variant.id);
    notifySaved(t('bo.variants.defaultSet', { sku: variant.sku }));
    void queryClient.invalidateQueries({ queryKey: key });
  }

  if (query.isError)
    return <RetryState title={t('bo.detail.loadError')} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Loader aria-label={t('common.loading')} />;
  if (query.data.length === 0) return <Alert variant="light">{t('bo.variants.none')}</Alert>;
  return (
    <Stack>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bo.fields.sku')}</Table.Th>
            <Table.Th>{t('bo.fields.variantValue')}</Table.Th>
            <Table.Th>{t('bo.fields.title')}</Table.Th>
            <Table.Th ta="right">{t('bo.fields.price')}</Table.Th>
            <Table.Th ta="right">{t('bo.fields.availableQuantity')}</Table.Th>
            <Table.Th>{t('bo.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((variant) => (
            <Table.Tr key={variant.id}>
              <Table.Td fw={600}>
                {variant.sku}{' '}
                {variant.id === product.default_variant_id || variant.is_default_variant ? (
                  <Badge size="sm" color="yellow">
                    {t('bo.variants.default')}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{variant.variant_value}</Table.Td>
              <Table.Td>{variant.description}</Table.Td>
              <Table.Td ta="right">{formatMoney(variant.price, lng)}</Table.Td>
              <Table.Td ta="right">{variant.available_quantity}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('bo.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('bo.edit')} ${variant.sku}`}
                      onClick={() => setEditing(variant)}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  {!variant.is_default_variant && variant.id !== product.default_variant_id && (
                    <Tooltip label={t('bo.variants.makeDefault')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('bo.variants.makeDefault')} ${variant.sku}`}
                        onClick={() => void makeDefault(variant)}
                      >
                        <IconStar size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={t('bo.variants.edit', { sku: editing?.sku ?? '' })}
        size="xl"
      >
        {editing && (
          <Stack gap="xl">
            <EntityForm<VariantValues, AdminProduct>
              schema={VariantUpdateSchema}
              guard={false}
              initialValues={{
                sku: editing.sku,
                variant_value: editing.variant_value,
                description: editing.description,
                price: editing.price,
                ean13: editing.ean13 ?? '',
              }}
              sections={sections(false)}
              toBody={body}
              submit={(values) => updateVariant(editing.id, body(values))}
              onSaved={() => void queryClient.invalidateQueries({ queryKey: key })}
            />
            <Button variant="default" onClick={() => setEditing(undefined)}>
              {t('common.close')}
            </Button>
            <ProductAttributesTab id={editing.id} variant />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
