import { type Warehouse, WarehouseInputSchema } from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DetailPage, type DetailPageConfig } from '../../scaffold/detail-page';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { getWarehouse, listWarehouses, saveWarehouse, warehouseKeys } from '../api/warehouses';

/** SPEC §2 /backoffice/warehouses: where stock is kept (code, description, management type). */

const LIST = '/backoffice/warehouses';

const listConfig: ListPageConfig<Warehouse> = {
  titleKey: 'backoffice.pages.warehouses',
  queryKey: warehouseKeys.list,
  fetch: listWarehouses,
  searchPlaceholderKey: 'bo.list.codeOrDescription',
  columns: [
    { key: 'code', labelKey: 'bo.fields.code', sort: 'code' },
    { key: 'description', labelKey: 'bo.fields.description', sort: 'description' },
    { key: 'management_type', labelKey: 'bo.fields.managementType' },
  ],
  rowKey: (w) => w.id,
  rowLink: (w) => `${LIST}/${w.id}`,
  linkColumn: 'code',
  createLink: `${LIST}/new`,
  importResource: 'warehouses',
};

type WarehouseValues = { code: string; description: string; management_type: string };

const sections: FormSection<WarehouseValues>[] = [
  {
    fields: [
      { name: 'code', labelKey: 'bo.fields.code', kind: 'text', required: true },
      { name: 'description', labelKey: 'bo.fields.description', kind: 'text', required: true },
      {
        name: 'management_type',
        labelKey: 'bo.fields.managementType',
        kind: 'text',
        required: true,
        descriptionKey: 'bo.fields.managementTypeHint',
      },
    ],
  },
];

function WarehouseForm({ warehouse }: { warehouse?: Warehouse }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <EntityForm<WarehouseValues, Warehouse>
      schema={WarehouseInputSchema}
      initialValues={{
        code: warehouse?.code ?? '',
        description: warehouse?.description ?? '',
        management_type: warehouse?.management_type ?? 'standard',
      }}
      sections={sections}
      submit={(values) => saveWarehouse(warehouse?.id, values)}
      onSaved={(saved) => {
        void queryClient.invalidateQueries({ queryKey: warehouseKeys.list });
        queryClient.setQueryData(warehouseKeys.detail(String(saved.id)), saved);
        if (!warehouse) void navigate(`${LIST}/${saved.id}`, { replace: true });
      }}
    />
  );
}

const detailConfig: DetailPageConfig<Warehouse> = {
  titleKey: 'bo.pages.warehouse',
  param: 'id',
  listPath: LIST,
  listTitleKey: 'backoffice.pages.warehouses',
  queryKey: warehouseKeys.detail,
  fetch: getWarehouse,
  heading: (w) => `${w.code} – ${w.description}`,
  tabs: [{ path: '', labelKey: 'backoffice.tabs.info', render: (w) => <WarehouseForm warehouse={w} /> }],
  create: () => <WarehouseForm />,
};

export function WarehousesPage() {
  return <ListPage config={listConfig} />;
}

export function WarehousePage() {
  return <DetailPage config={detailConfig} />;
}
