import type { ErpCustomer } from '@shop/domain';

/**
 * The simulator's own customers. The first ones are the shop's demo companies with the codes the demo
 * data gives them (apps/server/src/db/seed/customers.ts: company@example.com is C000101, the Swiss
 * extra@example.com C000103); the last ones exist only in the ERP, to be found and linked.
 */
export const SEED_CUSTOMERS: ErpCustomer[] = [
  {
    code: 'C000101',
    name: 'Dischi Rossi S.r.l.',
    vat_id: 'IT12345670157',
    tax_number: '12345670157',
    city: 'Milano',
    country: 'IT',
  },
  {
    code: 'C000103',
    name: 'Alpen Musik AG',
    vat_id: 'CHE-123.456.788 MWST',
    tax_number: null,
    city: 'Zürich',
    country: 'CH',
  },
  {
    code: 'C000104',
    name: 'Discoteca Laziale S.r.l.',
    vat_id: 'IT34561200154',
    tax_number: '34561200154',
    city: 'Roma',
    country: 'IT',
  },
  {
    code: 'C000105',
    name: 'Il Vinile di Carta S.n.c.',
    vat_id: 'IT34640390158',
    tax_number: '34640390158',
    city: 'Bologna',
    country: 'IT',
  },
  {
    code: 'C000112',
    name: 'Ipermercati Adriatici S.p.A.',
    vat_id: 'IT18774300588',
    tax_number: '18774300588',
    city: 'Pescara',
    country: 'IT',
  },
  {
    code: 'C000113',
    name: 'MediaCasa S.p.A.',
    vat_id: 'IT22900110630',
    tax_number: '22900110630',
    city: 'Brescia',
    country: 'IT',
  },
  {
    code: 'C000123',
    name: 'Vinilmania S.r.l.',
    vat_id: 'IT44112230329',
    tax_number: '44112230329',
    city: 'Trieste',
    country: 'IT',
  },
  {
    code: 'C000124',
    name: 'Radio Onde Libere Soc. Coop.',
    vat_id: 'IT55228170548',
    tax_number: '55228170548',
    city: 'Perugia',
    country: 'IT',
  },
  {
    code: 'C000125',
    name: 'Tonträger Huber KG',
    vat_id: 'ATU13585627',
    tax_number: null,
    city: 'Wien',
    country: 'AT',
  },
];
