import type { CategoryCode } from '@shop/domain';

/** The shop's commercial terms: customer groups, their discount rules and the shipping methods. */

export const CUSTOMER_GROUPS = [
  { code: 'RIVENDITORI', description: 'Rivenditori', externalGroupId: 'G01' },
  { code: 'GDO', description: 'Grande distribuzione organizzata', externalGroupId: 'G02' },
  { code: 'PRIVATI', description: 'Privati', externalGroupId: 'G03' },
];

export type DiscountRuleDef = {
  group: string;
  category: CategoryCode;
  rate: number;
  priority: number;
  blockOthers: boolean;
};

export const DISCOUNT_RULES: DiscountRuleDef[] = [
  { group: 'RIVENDITORI', category: 'MUSICA', rate: 1000, priority: 1, blockOthers: false },
  { group: 'RIVENDITORI', category: 'MUSICA', rate: 500, priority: 2, blockOthers: false },
  { group: 'RIVENDITORI', category: 'HOME_VIDEO', rate: 800, priority: 1, blockOthers: false },
  { group: 'RIVENDITORI', category: 'EDITORIA', rate: 500, priority: 1, blockOthers: false },
  { group: 'GDO', category: 'HI_FI', rate: 1200, priority: 1, blockOthers: true },
];

export type ShippingMethodDef = {
  slug: 'national' | 'international';
  code: string;
  description: string;
  price: number;
  freeShipping: number;
  vatRate: number;
};

export const SHIPPING_METHODS: ShippingMethodDef[] = [
  {
    slug: 'national',
    code: 'IT-STD',
    description: 'Corriere espresso Italia',
    price: 690,
    freeShipping: 15000,
    vatRate: 2200,
  },
  {
    slug: 'international',
    code: 'INT-STD',
    description: 'Corriere internazionale',
    price: 1990,
    freeShipping: 30000,
    vatRate: 2200,
  },
];

/**
 * Payment terms staff can give groups and customers (issue 20 point 2); no demo customer has any, so
 * the demo's invoices fall due on their date until staff set terms.
 */
export const PAYMENT_TERMS = [
  { name: 'Immediate', instalments: [{ days: 0, endOfMonth: false, share: 10_000 }] },
  { name: '30 days end of month', instalments: [{ days: 30, endOfMonth: true, share: 10_000 }] },
  { name: '60 days', instalments: [{ days: 60, endOfMonth: false, share: 10_000 }] },
  { name: 'SEPA 30 days', instalments: [{ days: 30, endOfMonth: false, share: 10_000 }] },
  {
    name: '30/60/90 days',
    instalments: [
      { days: 30, endOfMonth: false, share: 3334 },
      { days: 60, endOfMonth: false, share: 3333 },
      { days: 90, endOfMonth: false, share: 3333 },
    ],
  },
];
