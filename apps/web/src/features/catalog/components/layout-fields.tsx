import { Anchor, DataList } from '@mantine/core';
import { type LayoutField, type LayoutProduct, layoutFieldValue } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../hooks/use-language';
import { formatLayoutValue } from '../../../lib/layout-values';

interface LayoutFieldsProps {
  product: LayoutProduct;
  fields: readonly LayoutField[];
  testId?: string;
}

/** A layout's fields as a label/value list; empty fields are left out, facet values link to their list. */
export function LayoutFields({ product, fields, testId }: LayoutFieldsProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const rows = fields.flatMap((field) => {
    const value = layoutFieldValue(product, field);
    return value ? [{ field, value, text: formatLayoutValue(value, lng) }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <DataList withDivider labelWidth={170} size="sm" data-testid={testId}>
      {rows.map(({ field, value, text }) => (
        <DataList.Item key={field.label} data-field={field.label}>
          <DataList.ItemLabel c="dimmed">{t(`product.labels.${field.label}`)}</DataList.ItemLabel>
          <DataList.ItemValue fz="sm">
            {field.filter && value.kind === 'text' ? (
              <Anchor
                component={Link}
                to={`/products?${new URLSearchParams({ [field.filter]: value.text })}`}
                size="sm"
              >
                {text}
              </Anchor>
            ) : (
              text
            )}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
