import { type Category, CategoryInputSchema } from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DetailPage, type DetailPageConfig } from '../../scaffold/detail-page';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { localPage } from '../../scaffold/local-page';
import { YesNo } from '../../scaffold/yes-no';
import { catalogKeys, getCategory, listCategories, saveCategory } from '../api/catalog';
import { AttributeTagsEditor } from './attribute-tags-editor';

const LIST = '/backoffice/categories';

const listConfig: ListPageConfig<Category> = {
  titleKey: 'backoffice.pages.categories',
  queryKey: catalogKeys.categories,
  fetch: async (params, signal) => localPage(await listCategories(signal), params, ['code', 'description']),
  columns: [
    { key: 'code', labelKey: 'bo.fields.code', sort: 'code' },
    { key: 'description', labelKey: 'bo.fields.description', sort: 'description' },
    {
      key: 'subcategories',
      labelKey: 'backoffice.pages.subcategories',
      render: (c) => c.subcategories.length,
      align: 'right',
    },
    { key: 'in_homepage', labelKey: 'bo.fields.inHomepage', render: (c) => <YesNo value={c.in_homepage} /> },
  ],
  rowKey: (c) => c.id,
  rowLink: (c) => `${LIST}/${c.id}`,
  linkColumn: 'code',
  createLink: `${LIST}/new`,
  importResource: 'categories',
};

export type CategoryValues = { code: string; description: string; in_homepage: boolean };

const sections: FormSection<CategoryValues>[] = [
  {
    fields: [
      { name: 'code', labelKey: 'bo.fields.code', kind: 'text', required: true },
      { name: 'description', labelKey: 'bo.fields.description', kind: 'text', required: true },
      { name: 'in_homepage', labelKey: 'bo.fields.inHomepage', kind: 'switch' },
    ],
  },
];

function CategoryForm({ category }: { category?: Category }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <EntityForm<CategoryValues, Category>
      schema={CategoryInputSchema}
      initialValues={{
        code: category?.code ?? '',
        description: category?.description ?? '',
        in_homepage: category?.in_homepage ?? false,
      }}
      sections={sections}
      submit={(values) => saveCategory(category?.id, values)}
      onSaved={(saved) => {
        void queryClient.invalidateQueries({ queryKey: catalogKeys.categories });
        queryClient.setQueryData(['bo', 'category', String(saved.id)], saved);
        if (!category) void navigate(`${LIST}/${saved.id}`, { replace: true });
      }}
    />
  );
}

const detailConfig: DetailPageConfig<Category> = {
  titleKey: 'backoffice.pages.category',
  param: 'id',
  listPath: LIST,
  listTitleKey: 'backoffice.pages.categories',
  queryKey: (id) => ['bo', 'category', id],
  fetch: getCategory,
  heading: (c) => `${c.code} – ${c.description}`,
  tabs: [
    { path: '', labelKey: 'backoffice.tabs.info', render: (c) => <CategoryForm category={c} /> },
    {
      path: 'attribute-tags',
      labelKey: 'backoffice.tabs.attributeTags',
      render: (c) => <AttributeTagsEditor owner={{ kind: 'category', id: c.id }} />,
    },
  ],
  create: () => <CategoryForm />,
};

export function CategoriesPage() {
  return <ListPage config={listConfig} />;
}

export function CategoryPage() {
  return <DetailPage config={detailConfig} />;
}
