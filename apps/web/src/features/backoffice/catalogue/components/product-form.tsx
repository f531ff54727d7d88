import { type AdminProduct, ProductInputSchema, ProductUpdateSchema } from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import type { FieldSpec } from '../../scaffold/form-fields';
import {
  useBrandChoices,
  useCategoryChoices,
  useSubcategoryChoices,
  useUomChoices,
  useVatChoices,
} from '../api/catalog';
import { createProduct, productKeys, updateProduct } from '../api/products';

const TEXTS = [
  'code',
  'supplier_code',
  'erp_code',
  'label',
  'genre',
  'area',
  'support',
  'author',
  'distribution',
  'catalogue_no',
  'extended_description',
  'ean13',
  'isbn',
  'upc',
] as const;
const NUMBERS = [
  'brand_id',
  'category_id',
  'subcategory_id',
  'uom_id',
  'vat_id',
  'price',
  'shipping_price',
  'width',
  'height',
  'depth',
  'weight',
  'low_stock_threshold',
  'min_quantity',
  'max_quantity',
] as const;
const FLAGS = [
  'available',
  'available_for_orders',
  'out_of_stock',
  'available_for_preorders',
  'available_on_request',
  'discontinued',
  'featured',
  'coming_soon',
  'is_essential',
] as const;

export type ProductValues = {
  sku: string;
  description: string;
  available_from: string | null;
  release_date: string | null;
} & Record<(typeof TEXTS)[number], string> &
  Record<(typeof NUMBERS)[number], number | null> &
  Record<(typeof FLAGS)[number], boolean>;

/** The form's values of a product (or the defaults of a new one): every SPEC §3 field an admin sets. */
export function productValues(p?: AdminProduct): ProductValues {
  return {
    sku: p?.sku ?? '',
    description: p?.description ?? '',
    available_from: p?.available_from ?? null,
    release_date: p?.release_date ?? null,
    ...(Object.fromEntries(TEXTS.map((k) => [k, p?.[k] ?? ''])) as Record<(typeof TEXTS)[number], string>),
    ...(Object.fromEntries(NUMBERS.map((k) => [k, p?.[k] ?? null])) as Record<
      (typeof NUMBERS)[number],
      number | null
    >),
    ...(Object.fromEntries(
      FLAGS.map((k) => [k, p?.[k] ?? (k === 'available' || k === 'available_for_orders')]),
    ) as Record<(typeof FLAGS)[number], boolean>),
    min_quantity: p?.min_quantity ?? 1,
    low_stock_threshold: p?.low_stock_threshold ?? 0,
  };
}

const text = (
  name: keyof ProductValues & string,
  labelKey: FieldSpec<ProductValues>['labelKey'],
  required = false,
): FieldSpec<ProductValues> => ({
  name,
  labelKey,
  kind: 'text',
  required,
});

export const productSections: FormSection<ProductValues>[] = [
  {
    titleKey: 'bo.products.identity',
    fields: [
      text('sku', 'bo.fields.sku', true),
      text('description', 'bo.fields.title', true),
      text('author', 'bo.fields.author'),
      text('label', 'bo.fields.label'),
      text('support', 'bo.fields.support'),
      text('genre', 'bo.fields.genre'),
      text('area', 'bo.fields.area'),
      text('distribution', 'bo.fields.distribution'),
      text('catalogue_no', 'bo.fields.catalogueNo'),
      text('code', 'bo.fields.productCode'),
      text('supplier_code', 'bo.fields.supplierCode'),
      text('erp_code', 'bo.fields.erpCode'),
    ],
  },
  {
    titleKey: 'bo.products.classification',
    fields: [
      { name: 'category_id', labelKey: 'bo.fields.category', kind: 'select', useOptions: useCategoryChoices },
      {
        name: 'subcategory_id',
        labelKey: 'bo.fields.subcategory',
        kind: 'select',
        useOptions: useSubcategoryChoices,
      },
      { name: 'brand_id', labelKey: 'bo.fields.brand', kind: 'select', useOptions: useBrandChoices },
      {
        name: 'vat_id',
        labelKey: 'bo.fields.vat',
        kind: 'select',
        required: true,
        useOptions: useVatChoices,
      },
      { name: 'uom_id', labelKey: 'bo.fields.uom', kind: 'select', useOptions: useUomChoices },
    ],
  },
  {
    titleKey: 'bo.products.codes',
    fields: [text('ean13', 'bo.fields.ean13'), text('isbn', 'bo.fields.isbn'), text('upc', 'bo.fields.upc')],
  },
  {
    titleKey: 'bo.products.pricesQuantities',
    fields: [
      { name: 'price', labelKey: 'bo.fields.price', kind: 'money', required: true },
      { name: 'shipping_price', labelKey: 'bo.fields.shippingPrice', kind: 'money' },
      { name: 'min_quantity', labelKey: 'bo.fields.minQuantity', kind: 'int' },
      { name: 'max_quantity', labelKey: 'bo.fields.maxQuantity', kind: 'int' },
      { name: 'low_stock_threshold', labelKey: 'bo.fields.lowStockThreshold', kind: 'int' },
    ],
  },
  {
    titleKey: 'bo.products.dimensions',
    fields: [
      { name: 'width', labelKey: 'bo.fields.width', kind: 'int' },
      { name: 'height', labelKey: 'bo.fields.height', kind: 'int' },
      { name: 'depth', labelKey: 'bo.fields.depth', kind: 'int' },
      { name: 'weight', labelKey: 'bo.fields.weight', kind: 'int' },
    ],
  },
  {
    titleKey: 'bo.products.availability',
    fields: [
      { name: 'release_date', labelKey: 'bo.fields.releaseDate', kind: 'date' },
      { name: 'available_from', labelKey: 'bo.fields.availableFrom', kind: 'date' },
      ...FLAGS.map(
        (flag): FieldSpec<ProductValues> => ({ name: flag, labelKey: `bo.flags.${flag}`, kind: 'switch' }),
      ),
    ],
  },
  {
    fields: [{ name: 'extended_description', labelKey: 'bo.fields.extendedDescription', kind: 'textarea' }],
  },
];

/** Nulls the API leaves out on create rather than sends (the create schema's required numbers). */
function body(values: ProductValues) {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null)) as never;
}

/** The product's info tab, and the create form for /backoffice/products/new. */
export function ProductForm({ product }: { product?: AdminProduct }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <EntityForm<ProductValues, AdminProduct>
      schema={product ? ProductUpdateSchema : ProductInputSchema}
      initialValues={productValues(product)}
      sections={productSections}
      toBody={product ? undefined : body}
      submit={(values) =>
        product ? updateProduct(product.id, values as never) : createProduct(body(values))
      }
      onSaved={(saved) => {
        void queryClient.invalidateQueries({ queryKey: productKeys.list });
        queryClient.setQueryData(productKeys.detail(saved.sku), saved);
        if (!product || saved.sku !== product.sku)
          void navigate(`/backoffice/products/${encodeURIComponent(saved.sku)}`, { replace: true });
      }}
    />
  );
}
