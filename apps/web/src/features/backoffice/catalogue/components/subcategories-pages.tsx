import { type Subcategory, SubcategoryInputSchema } from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DetailPage, type DetailPageConfig } from '../../scaffold/detail-page';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { localPage } from '../../scaffold/local-page';
import { YesNo } from '../../scaffold/yes-no';
import {
  catalogKeys,
  getSubcategory,
  listSubcategories,
  saveSubcategory,
  useCategoryChoices,
} from '../api/catalog';
import { AttributeTagsEditor } from './attribute-tags-editor';

const LIST = '/backoffice/subcategories';

const listConfig: ListPageConfig<Subcategory> = {
  titleKey: 'backoffice.pages.subcategories',
  queryKey: catalogKeys.subcategories,
  fetch: async (params, signal) =>
    localPage(await listSubcategories(signal), params, ['code', 'description', 'category'], (s, p) =>
      p.category_id ? String(s.category_id) === p.category_id : true,
    ),
  columns: [
    { key: 'code', labelKey: 'bo.fields.code', sort: 'code' },
    { key: 'description', labelKey: 'bo.fields.description', sort: 'description' },
    { key: 'category', labelKey: 'bo.fields.category', sort: 'category' },
    { key: 'in_homepage', labelKey: 'bo.fields.inHomepage', render: (s) => <YesNo value={s.in_homepage} /> },
  ],
  filters: [
    { kind: 'select', key: 'category_id', labelKey: 'bo.fields.category', useOptions: useCategoryChoices },
  ],
  rowKey: (s) => s.id,
  rowLink: (s) => `${LIST}/${s.id}`,
  linkColumn: 'code',
  createLink: `${LIST}/new`,
  importResource: 'subcategories',
};

type SubcategoryValues = {
  code: string;
  description: string;
  in_homepage: boolean;
  category_id: number | null;
};

const sections: FormSection<SubcategoryValues>[] = [
  {
    fields: [
      { name: 'code', labelKey: 'bo.fields.code', kind: 'text', required: true },
      { name: 'description', labelKey: 'bo.fields.description', kind: 'text', required: true },
      {
        name: 'category_id',
        labelKey: 'bo.fields.referringCategory',
        kind: 'select',
        required: true,
        useOptions: useCategoryChoices,
      },
      { name: 'in_homepage', labelKey: 'bo.fields.inHomepage', kind: 'switch' },
    ],
  },
];

function SubcategoryForm({ subcategory }: { subcategory?: Subcategory }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <EntityForm<SubcategoryValues, Subcategory>
      schema={SubcategoryInputSchema}
      initialValues={{
        code: subcategory?.code ?? '',
        description: subcategory?.description ?? '',
        in_homepage: subcategory?.in_homepage ?? false,
        category_id: subcategory?.category_id ?? null,
      }}
      sections={sections}
      submit={(values) =>
        saveSubcategory(subcategory?.id, { ...values, category_id: values.category_id ?? 0 })
      }
      onSaved={(saved) => {
        void queryClient.invalidateQueries({ queryKey: catalogKeys.subcategories });
        void queryClient.invalidateQueries({ queryKey: catalogKeys.categories });
        queryClient.setQueryData(['bo', 'subcategory', String(saved.id)], saved);
        if (!subcategory) void navigate(`${LIST}/${saved.id}`, { replace: true });
      }}
    />
  );
}

const detailConfig: DetailPageConfig<Subcategory> = {
  titleKey: 'backoffice.pages.subcategory',
  param: 'id',
  listPath: LIST,
  listTitleKey: 'backoffice.pages.subcategories',
  queryKey: (id) => ['bo', 'subcategory', id],
  fetch: getSubcategory,
  heading: (s) => `${s.code} – ${s.description} (${s.category})`,
  tabs: [
    { path: '', labelKey: 'backoffice.tabs.info', render: (s) => <SubcategoryForm subcategory={s} /> },
    {
      path: 'attribute-tags',
      labelKey: 'backoffice.tabs.attributeTags',
      render: (s) => <AttributeTagsEditor owner={{ kind: 'subcategory', id: s.id }} />,
    },
  ],
  create: () => <SubcategoryForm />,
};

export function SubcategoriesPage() {
  return <ListPage config={listConfig} />;
}

export function SubcategoryPage() {
  return <DetailPage config={detailConfig} />;
}
