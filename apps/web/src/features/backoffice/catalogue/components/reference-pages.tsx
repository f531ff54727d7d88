import type { ImportResourceName } from '@shop/domain';
import {
  type Currency,
  CurrencyInputSchema,
  type Uom,
  UomInputSchema,
  type Vat,
  VatInputSchema,
} from '@shop/domain';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { TranslationKey } from '../../../../i18n/keys';
import { DetailPage } from '../../scaffold/detail-page';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import type { ListColumn } from '../../scaffold/list-page';
import { ListPage } from '../../scaffold/list-page';
import { localPage } from '../../scaffold/local-page';
import {
  catalogKeys,
  getCurrency,
  getVat,
  listCurrencies,
  listUoms,
  listVats,
  saveCurrency,
  saveUom,
  saveVat,
} from '../api/catalog';

/**
 * Units of measure, VAT rates and currencies: short reference lists, each one configuration of the
 * ListPage and DetailPage scaffolds (a record with an info tab; 'new' creates).
 */
interface Reference<T extends { id: number }, V> {
  path: string;
  titleKey: TranslationKey;
  itemKey: TranslationKey;
  key: QueryKey;
  list: (signal?: AbortSignal) => Promise<T[]>;
  get: (id: string, signal?: AbortSignal) => Promise<T>;
  save: (id: number | undefined, values: V) => Promise<T>;
  schema: z.ZodType;
  columns: ListColumn<T>[];
  searchIn: (keyof T)[];
  heading: (row: T) => string;
  values: (row?: T) => V;
  sections: FormSection<V>[];
  importResource?: ImportResourceName;
}

function ReferenceForm<T extends { id: number }, V extends Record<string, unknown>>({
  reference: ref,
  row,
}: {
  reference: Reference<T, V>;
  row?: T;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <EntityForm<V, T>
      schema={ref.schema}
      initialValues={ref.values(row)}
      sections={ref.sections}
      submit={(values) => ref.save(row?.id, values)}
      onSaved={(saved) => {
        void queryClient.invalidateQueries({ queryKey: ref.key });
        if (!row) void navigate(`${ref.path}/${saved.id}`, { replace: true });
      }}
    />
  );
}

function referencePages<T extends { id: number }, V extends Record<string, unknown>>(ref: Reference<T, V>) {
  const ListScreen = () => (
    <ListPage
      config={{
        titleKey: ref.titleKey,
        queryKey: ref.key,
        fetch: async (params, signal) => localPage(await ref.list(signal), params, ref.searchIn),
        columns: ref.columns,
        rowKey: (row) => row.id,
        rowLink: (row) => `${ref.path}/${row.id}`,
        linkColumn: ref.columns[0]!.key,
        createLink: `${ref.path}/new`,
        importResource: ref.importResource,
      }}
    />
  );
  const DetailScreen = () => (
    <DetailPage
      config={{
        titleKey: ref.itemKey,
        param: 'id',
        listPath: ref.path,
        listTitleKey: ref.titleKey,
        queryKey: (id) => [...ref.key, id],
        fetch: ref.get,
        heading: ref.heading,
        tabs: [
          {
            path: '',
            labelKey: 'backoffice.tabs.info',
            render: (row) => <ReferenceForm reference={ref} row={row} />,
          },
        ],
        create: () => <ReferenceForm reference={ref} />,
      }}
    />
  );
  return { ListScreen, DetailScreen };
}

type UomValues = { code: string; description: string; conversion_ratio: number | null };
const uoms = referencePages<Uom, UomValues>({
  path: '/backoffice/uoms',
  titleKey: 'backoffice.pages.uoms',
  itemKey: 'bo.pages.uom',
  key: catalogKeys.uoms,
  list: listUoms,
  // no GET /api/uoms/{id} in SPEC §7: the short list holds it
  get: async (id, signal) => {
    const found = (await listUoms(signal)).find((uom) => String(uom.id) === id);
    if (!found) throw new Error('Not Found');
    return found;
  },
  save: (id, values) => saveUom(id, { ...values, conversion_ratio: values.conversion_ratio ?? 0 }),
  schema: UomInputSchema,
  columns: [
    { key: 'code', labelKey: 'bo.fields.code', sort: 'code' },
    { key: 'description', labelKey: 'bo.fields.description', sort: 'description' },
    {
      key: 'conversion_ratio',
      labelKey: 'bo.fields.conversionRatio',
      render: (u) => u.conversion_ratio / 1000,
      align: 'right',
    },
  ],
  searchIn: ['code', 'description'],
  heading: (u) => `${u.code} – ${u.description}`,
  values: (u) => ({
    code: u?.code ?? '',
    description: u?.description ?? '',
    conversion_ratio: u?.conversion_ratio ?? 1000,
  }),
  sections: [
    {
      fields: [
        { name: 'code', labelKey: 'bo.fields.code', kind: 'text', required: true },
        { name: 'description', labelKey: 'bo.fields.description', kind: 'text', required: true },
        { name: 'conversion_ratio', labelKey: 'bo.fields.conversionRatio', kind: 'ratio', required: true },
      ],
    },
  ],
  importResource: 'uoms',
});

type VatValues = { rate: number | null; description: string };
const vats = referencePages<Vat, VatValues>({
  path: '/backoffice/vats',
  titleKey: 'bo.pages.vats',
  itemKey: 'bo.pages.vat',
  key: catalogKeys.vats,
  list: listVats,
  get: getVat,
  save: (id, values) => saveVat(id, { ...values, rate: values.rate ?? 0 }),
  schema: VatInputSchema,
  columns: [
    { key: 'description', labelKey: 'bo.fields.description', sort: 'description' },
    {
      key: 'rate',
      labelKey: 'bo.fields.rate',
      sort: 'rate',
      render: (v) => `${v.rate / 100}%`,
      align: 'right',
    },
  ],
  searchIn: ['description'],
  heading: (v) => `${v.rate / 100}% – ${v.description}`,
  values: (v) => ({ rate: v?.rate ?? null, description: v?.description ?? '' }),
  sections: [
    {
      fields: [
        { name: 'description', labelKey: 'bo.fields.description', kind: 'text', required: true },
        { name: 'rate', labelKey: 'bo.fields.rate', kind: 'percent', required: true },
      ],
    },
  ],
});

type CurrencyValues = { code: string; symbol: string; description: string };
const currencies = referencePages<Currency, CurrencyValues>({
  path: '/backoffice/currencies',
  titleKey: 'bo.pages.currencies',
  itemKey: 'bo.pages.currency',
  key: catalogKeys.currencies,
  list: listCurrencies,
  get: getCurrency,
  save: saveCurrency,
  schema: CurrencyInputSchema,
  columns: [
    { key: 'code', labelKey: 'bo.fields.code', sort: 'code' },
    { key: 'symbol', labelKey: 'bo.fields.symbol' },
    { key: 'description', labelKey: 'bo.fields.description', sort: 'description' },
  ],
  searchIn: ['code', 'description'],
  heading: (c) => `${c.code} – ${c.description}`,
  values: (c) => ({ code: c?.code ?? '', symbol: c?.symbol ?? '', description: c?.description ?? '' }),
  sections: [
    {
      fields: [
        { name: 'code', labelKey: 'bo.fields.code', kind: 'text', required: true },
        { name: 'symbol', labelKey: 'bo.fields.symbol', kind: 'text', required: true },
        { name: 'description', labelKey: 'bo.fields.description', kind: 'text', required: true },
      ],
    },
  ],
});

export const UomsPage = uoms.ListScreen;
export const UomPage = uoms.DetailScreen;
export const VatsPage = vats.ListScreen;
export const VatPage = vats.DetailScreen;
export const CurrenciesPage = currencies.ListScreen;
export const CurrencyPage = currencies.DetailScreen;
