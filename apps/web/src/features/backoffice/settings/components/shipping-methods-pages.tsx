import {
  SHIPPING_SLUGS,
  type ShippingMethod,
  ShippingMethodWriteSchema,
  type ShippingSlug,
} from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../../lib/format';
import { useVatChoices } from '../../catalogue/api/catalog';
import { DetailPage, type DetailPageConfig } from '../../scaffold/detail-page';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { localPage } from '../../scaffold/local-page';
import {
  getShippingMethod,
  listShippingMethods,
  saveShippingMethod,
  shippingMethodKeys,
} from '../api/shipping-methods';

/**
 * SPEC §2 /backoffice/shipping-methods: the national and the international method the cart charges
 * (price and free-shipping threshold in cents, DESIGN §6 rule 6).
 */

const LIST = '/backoffice/shipping-methods';
const lng = () => (i18n.resolvedLanguage === 'en' ? 'en' : 'it');
const slugLabel = (slug: ShippingSlug) => i18n.t(`bo.shippingSlugs.${slug}`);

const listConfig: ListPageConfig<ShippingMethod> = {
  titleKey: 'backoffice.pages.shippingMethods',
  queryKey: shippingMethodKeys.list,
  fetch: async (params) => localPage(await listShippingMethods(), params, ['code', 'description']),
  searchPlaceholderKey: 'bo.list.codeOrDescription',
  columns: [
    { key: 'code', labelKey: 'bo.fields.code', sort: 'code' },
    { key: 'description', labelKey: 'bo.fields.description', sort: 'description' },
    { key: 'slug', labelKey: 'bo.fields.shippingSlug', sort: 'slug', render: (m) => slugLabel(m.slug) },
    {
      key: 'price',
      labelKey: 'bo.fields.price',
      sort: 'price',
      align: 'right',
      render: (m) => formatMoney(m.price, lng()),
    },
    {
      key: 'free_shipping',
      labelKey: 'bo.fields.freeShipping',
      align: 'right',
      render: (m) => (m.free_shipping === null ? '—' : formatMoney(m.free_shipping, lng())),
    },
  ],
  rowKey: (m) => m.id,
  rowLink: (m) => `${LIST}/${m.id}`,
  linkColumn: 'code',
  createLink: `${LIST}/new`,
  importResource: 'shipping-methods',
};

type MethodValues = {
  slug: ShippingSlug | null;
  code: string;
  description: string;
  price: number | null;
  free_shipping: number | null;
  vat_id: number | null;
};

function useSlugChoices() {
  const { t } = useTranslation();
  return SHIPPING_SLUGS.map((slug) => ({ value: slug, label: t(`bo.shippingSlugs.${slug}`) }));
}

const sections: FormSection<MethodValues>[] = [
  {
    fields: [
      { name: 'code', labelKey: 'bo.fields.code', kind: 'text', required: true },
      { name: 'description', labelKey: 'bo.fields.description', kind: 'text', required: true },
      {
        name: 'slug',
        labelKey: 'bo.fields.shippingSlug',
        kind: 'select',
        required: true,
        useOptions: useSlugChoices,
      },
      { name: 'price', labelKey: 'bo.fields.price', kind: 'money', required: true },
      {
        name: 'free_shipping',
        labelKey: 'bo.fields.freeShipping',
        kind: 'money',
        descriptionKey: 'bo.fields.freeShippingHint',
      },
      {
        name: 'vat_id',
        labelKey: 'bo.fields.vat',
        kind: 'select',
        required: true,
        useOptions: useVatChoices,
      },
    ],
  },
];

function ShippingMethodForm({ method }: { method?: ShippingMethod }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <EntityForm<MethodValues, ShippingMethod>
      schema={ShippingMethodWriteSchema}
      initialValues={{
        slug: method?.slug ?? null,
        code: method?.code ?? '',
        description: method?.description ?? '',
        price: method?.price ?? null,
        free_shipping: method?.free_shipping ?? null,
        vat_id: method?.vat_id ?? null,
      }}
      sections={sections}
      // Validated by the form already: parsing gives the body its API type.
      submit={(values) => saveShippingMethod(method?.id, ShippingMethodWriteSchema.parse(values))}
      onSaved={(saved) => {
        for (const queryKey of [shippingMethodKeys.list, ...shippingMethodKeys.storefront]) {
          void queryClient.invalidateQueries({ queryKey });
        }
        queryClient.setQueryData(shippingMethodKeys.detail(String(saved.id)), saved);
        if (!method) void navigate(`${LIST}/${saved.id}`, { replace: true });
      }}
    />
  );
}

const detailConfig: DetailPageConfig<ShippingMethod> = {
  titleKey: 'bo.pages.shippingMethod',
  param: 'id',
  listPath: LIST,
  listTitleKey: 'backoffice.pages.shippingMethods',
  queryKey: shippingMethodKeys.detail,
  fetch: getShippingMethod,
  heading: (m) => `${m.code} – ${m.description}`,
  tabs: [{ path: '', labelKey: 'backoffice.tabs.info', render: (m) => <ShippingMethodForm method={m} /> }],
  create: () => <ShippingMethodForm />,
};

export function ShippingMethodsPage() {
  return <ListPage config={listConfig} />;
}

export function ShippingMethodPage() {
  return <DetailPage config={detailConfig} />;
}
