import type { FatturaPaBuyer } from './fatturapa-input';

export type NaturaBuyer = Pick<FatturaPaBuyer, 'type' | 'country' | 'extraCee' | 'taxRule'>;

/** The Natura code of a 0 % FatturaPA line and the law it cites (RiferimentoNormativo, ≤ 100 characters). */
export type Natura = { natura: string; reference: string };

/**
 * Issue 21 point 1: why a line carries no VAT, from the customer's situation. The first situation that
 * applies wins, so the order matters: an extra-EU customer is an export whatever else is true of it.
 */
export const NATURA_TABLE: readonly {
  situation: string;
  applies: (b: NaturaBuyer) => boolean;
  result: Natura;
}[] = [
  {
    situation: 'customer outside the EU (export)',
    applies: (b) => b.extraCee,
    result: { natura: 'N3.1', reference: 'Non imponibile art. 8 c.1 lett. a DPR 633/72' },
  },
  {
    situation: 'company in another EU country (intra-EU supply)',
    applies: (b) => b.type === 'G' && b.country !== 'IT',
    result: { natura: 'N3.2', reference: 'Non imponibile art. 41 DL 331/93' },
  },
  {
    situation: "Italian customer exempt by declaration of intent (dichiarazione d'intento)",
    applies: (b) => b.country === 'IT' && b.taxRule === 'exempt',
    result: { natura: 'N3.5', reference: 'Non imponibile art. 8 c.1 lett. c DPR 633/72' },
  },
  {
    // N2.2 is the SDI's residual 'not subject, other cases': N2.1 is for services outside Italy
    // (artt. 7–7-septies) and no N3/N4 exemption can be named from the customer's data alone.
    situation: 'any other 0 % line (e.g. a private person in another EU country set exempt)',
    applies: () => true,
    result: { natura: 'N2.2', reference: 'Operazione non soggetta' },
  },
];

/** The Natura and exemption reference of a line at `vatRate` (basis points): null when it carries VAT. */
export function naturaFor(buyer: NaturaBuyer, vatRate: number): Natura | null {
  if (vatRate > 0) return null;
  // The last situation applies to every customer, so a row is always found.
  const customer = { ...buyer, country: buyer.country.toUpperCase() };
  return NATURA_TABLE.find((row) => row.applies(customer))!.result;
}
