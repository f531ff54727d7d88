import { ATTRIBUTE_TAG_TYPES, messages } from '@shop/domain';
import { attributeTags, brands, categories, subcategories, uoms } from '../../../db/schema';
import * as cell from '../cells';
import type { ImportColumn, ImportResource } from '../import-resource';

/** The catalogue's structure as sheets (SPEC §3): categories, subcategories, brands, units, tags. */

const codeColumn: ImportColumn = {
  header: 'code',
  description: 'Code (slug), the key',
  cell: cell.code(),
  to: 'code',
  key: true,
};
const description: ImportColumn = {
  header: 'description',
  description: 'Description',
  cell: cell.text(200),
  to: 'description',
  requiredForNew: true,
};
const inHomepage: ImportColumn = {
  header: 'in_homepage',
  description: 'Shown on the home page: 1 or 0',
  cell: cell.flag(),
  to: 'inHomepage',
  format: cell.format.flag,
};

export const categoriesResource: ImportResource = {
  name: 'categories',
  table: categories,
  columns: [codeColumn, description, inHomepage],
  exportSearch: ['code', 'description'],
};

export const subcategoriesResource: ImportResource = {
  name: 'subcategories',
  table: subcategories,
  columns: [
    codeColumn,
    description,
    inHomepage,
    {
      header: 'category',
      description: 'Referring category code',
      cell: cell.code(),
      ref: 'category',
      to: 'categoryId',
      requiredForNew: true,
    },
  ],
  exportFilters: { category_id: 'categoryId' },
  exportSearch: ['code', 'description'],
};

export const brandsResource: ImportResource = {
  name: 'brands',
  table: brands,
  columns: [
    codeColumn,
    description,
    inHomepage,
    { header: 'logo_url', description: 'Logo address (https://…)', cell: cell.url(), to: 'logoUrl' },
  ],
  exportSearch: ['code', 'description'],
};

export const uomsResource: ImportResource = {
  name: 'uoms',
  table: uoms,
  columns: [
    codeColumn,
    description,
    {
      header: 'conversion_ratio',
      description: 'Conversion ratio, up to 3 decimals (1.5)',
      cell: cell.ratio(),
      to: 'conversionRatio',
      format: cell.format.ratio,
    },
  ],
  exportSearch: ['code', 'description'],
};

/** A tag belongs to a category or a subcategory: exactly one of the two columns is filled. */
export const attributeTagsResource: ImportResource = {
  name: 'attribute-tags',
  table: attributeTags,
  columns: [
    {
      header: 'category',
      description: 'Category code (or subcategory)',
      cell: cell.code(),
      ref: 'category',
      to: 'categoryId',
      key: 'nullable',
    },
    {
      header: 'subcategory',
      description: 'Subcategory code (or category)',
      cell: cell.code(),
      ref: 'subcategory',
      to: 'subcategoryId',
      key: 'nullable',
    },
    {
      header: 'code',
      description: 'Attribute code (AUTORE, TAGLIA…), the key with its owner',
      cell: cell.upperCode(),
      to: 'code',
      key: true,
    },
    { header: 'tag', description: 'Label', cell: cell.text(200), to: 'tag', requiredForNew: true },
    { header: 'description', description: 'Description', cell: cell.text(500), to: 'description' },
    {
      header: 'type',
      description: ATTRIBUTE_TAG_TYPES.join(', '),
      cell: cell.oneOf(ATTRIBUTE_TAG_TYPES),
      to: 'type',
      requiredForNew: true,
    },
    { header: 'icon_url', description: 'Icon address', cell: cell.url(), to: 'iconUrl' },
    {
      header: 'options',
      description: 'List options separated by |',
      cell: cell.options(),
      to: 'options',
      format: cell.format.options,
    },
    {
      header: 'full_text_search',
      description: 'Searched by the storefront: 1 or 0',
      cell: cell.flag(),
      to: 'fullTextSearch',
      format: cell.format.flag,
    },
  ],
  check(row) {
    const owners = [row.category, row.subcategory].filter((v) => v != null).length;
    const problems: { column: string; message: string }[] =
      owners === 1 ? [] : [{ column: 'category', message: messages.invalidValue }];
    const isList = row.type === 'list' || row.type === 'fixed_list';
    if (isList && !(Array.isArray(row.options) && row.options.length > 0)) {
      problems.push({ column: 'options', message: messages.invalidLength });
    }
    return problems;
  },
  toValues(row, _context, isNew) {
    const stored = (v: unknown) =>
      v !== null && typeof v === 'object' && 'id' in v ? (v as { id: number }).id : v;
    const values: Record<string, unknown> = {};
    for (const column of attributeTagsResource.columns) {
      if (column.header in row) values[column.to!] = stored(row[column.header]);
    }
    values.categoryId ??= null;
    values.subcategoryId ??= null;
    if (isNew) values.description ??= '';
    return values;
  },
  exportFilters: { category_id: 'categoryId', subcategory_id: 'subcategoryId' },
};
