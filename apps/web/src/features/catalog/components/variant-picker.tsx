import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { ProductLayout, ProductVariant } from '@shop/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A variant's name in the picker: its size (TAGLIA) for merchandise, else its value, else its SKU. */
export function variantLabel(variant: ProductVariant, layout: ProductLayout): string {
  const attribute = layout.variants.attribute;
  const byAttribute = attribute ? variant.attributes[attribute]?.trim() : undefined;
  if (byAttribute) return byAttribute;
  if (variant.variant_value !== null) return String(variant.variant_value);
  return variant.sku;
}

/** The variant the page opens with: the default one, else the first. */
export function initialVariant(variants: ProductVariant[]): ProductVariant | undefined {
  return variants.find((v) => v.is_default) ?? variants[0];
}

interface VariantPickerProps {
  variants: ProductVariant[];
  layout: ProductLayout;
  value: string;
  onChange: (sku: string) => void;
}

/** Merchandise sizes (or other variants) as a segmented radio group. */
export function VariantPicker({ variants, layout, value, onChange }: VariantPickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Stack gap={6}>
      <Text id={labelId} size="sm" fw={600}>
        {t(`product.labels.${layout.variants.label}`)}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={onChange}
        data={variants.map((variant) => ({ value: variant.sku, label: variantLabel(variant, layout) }))}
        data-testid="variant-picker"
        // every name whole, wrapping in its segment rather than cut (issue 22: a cut name hid the size)
        styles={{
          label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.25 },
        }}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
    </Stack>
  );
}
