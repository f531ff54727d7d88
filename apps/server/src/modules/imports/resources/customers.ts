import { CUSTOMER_TYPES, TAX_RULES } from '@shop/domain';
import { customerGroups, customers } from '../../../db/schema';
import * as cell from '../cells';
import type { ImportColumn, ImportResource } from '../import-resource';

/** Customers and customer groups as sheets (SPEC §3): a customer by e-mail, a group by code. */

const text = (header: string, to: string, max: number, description: string): ImportColumn => ({
  header,
  description,
  cell: cell.text(max),
  to,
});

export const customerGroupsResource: ImportResource = {
  name: 'customer-groups',
  table: customerGroups,
  columns: [
    { header: 'code', description: 'Code, the key', cell: cell.code(), to: 'code', key: true },
    {
      header: 'description',
      description: 'Description',
      cell: cell.text(200),
      to: 'description',
      requiredForNew: true,
    },
    text('external_group_id', 'externalGroupId', 100, 'Group id in the ERP'),
  ],
  exportSearch: ['code', 'description'],
};

const flag = (header: string, to: string, description: string): ImportColumn => ({
  header,
  description: `${description}: 1 or 0`,
  cell: cell.flag(),
  to,
  format: cell.format.flag,
});

/** A customer record (not a sign-in account: that is made from the back office's customer-user tab). */
export const customersResource: ImportResource = {
  name: 'customers',
  table: customers,
  columns: [
    { header: 'email', description: 'E-mail, the key', cell: cell.email(), to: 'email', key: true },
    {
      header: 'type',
      description: 'G (company) or P (private person)',
      cell: cell.oneOf(CUSTOMER_TYPES),
      to: 'type',
      requiredForNew: true,
    },
    text('company', 'company', 200, 'Company name'),
    text('firstname', 'firstname', 100, 'First name'),
    text('lastname', 'lastname', 100, 'Last name'),
    text('sdi_code', 'sdiCode', 7, 'SDI code'),
    text('pec', 'pec', 254, 'PEC address'),
    { header: 'birthday', description: 'Birthday, YYYY-MM-DD', cell: cell.date(), to: 'birthday' },
    text('job', 'job', 100, 'Job'),
    text('vat_id', 'vatId', 20, 'VAT number'),
    text('tax_number', 'taxNumber', 20, 'Tax number'),
    {
      header: 'discount',
      description: 'Base discount, percent',
      cell: cell.percent(),
      to: 'discount',
      format: cell.format.percent,
    },
    { header: 'currency', description: 'Currency code (EUR)', cell: cell.code(3), to: 'currency' },
    { header: 'tax_rule', description: TAX_RULES.join(' or '), cell: cell.oneOf(TAX_RULES), to: 'taxRule' },
    {
      header: 'preorder_days',
      description: 'Pre-order days before release',
      cell: cell.int({ min: 0, max: 365 }),
      to: 'preorderDays',
    },
    flag('newsletter', 'newsletter', 'Newsletter'),
    {
      header: 'customer_group',
      description: 'Customer group code',
      cell: cell.code(),
      ref: 'customer-group',
      to: 'customerGroupId',
    },
    text('erp_code', 'erpCode', 64, 'ERP code'),
    flag('erp_connected', 'erpConnected', 'Connected to the ERP'),
    text('external_erp_code', 'externalErpCode', 64, 'External ERP customer code'),
    {
      header: 'country',
      description: 'Country, 2 letters (IT)',
      cell: cell.country(),
      to: 'country',
      requiredForNew: true,
    },
    {
      header: 'available_from',
      description: 'Available from, YYYY-MM-DD',
      cell: cell.date(),
      to: 'availableFrom',
    },
    flag('extra_cee', 'extraCee', 'Outside the EU'),
  ],
  exportFilters: { customer_group_id: 'customerGroupId' },
};
