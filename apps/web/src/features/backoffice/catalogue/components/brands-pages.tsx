import { Image } from '@mantine/core';
import { type Brand, BrandInputSchema } from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DetailPage, type DetailPageConfig } from '../../scaffold/detail-page';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { localPage } from '../../scaffold/local-page';
import { YesNo } from '../../scaffold/yes-no';
import { LogoField } from '../../settings/components/logo-field';
import { catalogKeys, getBrand, listBrands, saveBrand } from '../api/catalog';

const LIST = '/backoffice/brands';

const listConfig: ListPageConfig<Brand> = {
  titleKey: 'backoffice.pages.brands',
  queryKey: catalogKeys.brands,
  fetch: async (params, signal) => localPage(await listBrands(signal), params, ['code', 'description']),
  columns: [
    {
      key: 'logo',
      labelKey: 'bo.fields.logo',
      render: (b) =>
        b.logo || b.logo_url ? (
          <Image src={b.logo ?? b.logo_url ?? ''} alt="" h={28} w={56} fit="contain" />
        ) : null,
    },
    { key: 'code', labelKey: 'bo.fields.code', sort: 'code' },
    { key: 'description', labelKey: 'bo.fields.description', sort: 'description' },
    { key: 'in_homepage', labelKey: 'bo.fields.inHomepage', render: (b) => <YesNo value={b.in_homepage} /> },
  ],
  rowKey: (b) => b.id,
  rowLink: (b) => `${LIST}/${b.id}`,
  linkColumn: 'code',
  createLink: `${LIST}/new`,
  importResource: 'brands',
};

type BrandValues = {
  code: string;
  description: string;
  in_homepage: boolean;
  logo: string | null;
  logo_url: string;
};

const sections: FormSection<BrandValues>[] = [
  {
    fields: [
      { name: 'code', labelKey: 'bo.fields.code', kind: 'text', required: true },
      { name: 'description', labelKey: 'bo.fields.description', kind: 'text', required: true },
      { name: 'in_homepage', labelKey: 'bo.fields.inHomepage', kind: 'switch' },
      { name: 'logo', labelKey: 'bo.fields.logo', kind: 'text', render: (form) => <LogoField form={form} /> },
      { name: 'logo_url', labelKey: 'bo.fields.logoUrl', kind: 'text' },
    ],
  },
];

function BrandForm({ brand }: { brand?: Brand }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <EntityForm<BrandValues, Brand>
      schema={BrandInputSchema}
      initialValues={{
        code: brand?.code ?? '',
        description: brand?.description ?? '',
        in_homepage: brand?.in_homepage ?? false,
        logo: brand?.logo ?? null,
        logo_url: brand?.logo_url ?? '',
      }}
      sections={sections}
      submit={(values) => saveBrand(brand?.id, values)}
      onSaved={(saved) => {
        void queryClient.invalidateQueries({ queryKey: catalogKeys.brands });
        queryClient.setQueryData(['bo', 'brand', String(saved.id)], saved);
        if (!brand) void navigate(`${LIST}/${saved.id}`, { replace: true });
      }}
    />
  );
}

const detailConfig: DetailPageConfig<Brand> = {
  titleKey: 'bo.pages.brand',
  param: 'id',
  listPath: LIST,
  listTitleKey: 'backoffice.pages.brands',
  queryKey: (id) => ['bo', 'brand', id],
  fetch: getBrand,
  heading: (b) => `${b.code} – ${b.description}`,
  tabs: [{ path: '', labelKey: 'backoffice.tabs.info', render: (b) => <BrandForm brand={b} /> }],
  create: () => <BrandForm />,
};

export function BrandsPage() {
  return <ListPage config={listConfig} />;
}

export function BrandPage() {
  return <DetailPage config={detailConfig} />;
}
