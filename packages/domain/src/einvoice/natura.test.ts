import { describe, expect, it } from 'vitest';
import { type NaturaBuyer, naturaFor } from './natura';

const buyer = (b: Partial<NaturaBuyer>): NaturaBuyer => ({
  type: 'G',
  country: 'IT',
  extraCee: false,
  taxRule: 'standard',
  ...b,
});

describe('Natura of a 0 % line from the customer', () => {
  it.each([
    [
      'a Swiss company (export)',
      buyer({ country: 'CH', extraCee: true, taxRule: 'exempt' }),
      'N3.1',
      'Non imponibile art. 8 c.1 lett. a DPR 633/72',
    ],
    [
      'a private person in the United States (export)',
      buyer({ type: 'P', country: 'US', extraCee: true, taxRule: 'exempt' }),
      'N3.1',
      'Non imponibile art. 8 c.1 lett. a DPR 633/72',
    ],
    [
      'a German company (intra-EU supply)',
      buyer({ country: 'DE', taxRule: 'exempt' }),
      'N3.2',
      'Non imponibile art. 41 DL 331/93',
    ],
    [
      'an Italian company exempt by declaration of intent',
      buyer({ taxRule: 'exempt' }),
      'N3.5',
      'Non imponibile art. 8 c.1 lett. c DPR 633/72',
    ],
    [
      'an Italian private person set exempt',
      buyer({ type: 'P', taxRule: 'exempt' }),
      'N3.5',
      'Non imponibile art. 8 c.1 lett. c DPR 633/72',
    ],
    [
      'a French private person set exempt (other cases)',
      buyer({ type: 'P', country: 'FR', taxRule: 'exempt' }),
      'N2.2',
      'Operazione non soggetta',
    ],
    ['an Italian company with a 0 % product (other cases)', buyer({}), 'N2.2', 'Operazione non soggetta'],
  ])('%s: %s', (_, customer, natura, reference) => {
    expect(naturaFor(customer, 0)).toEqual({ natura, reference });
  });

  it.each([
    ['22 %', 2200],
    ['4 %', 400],
    ['0.01 %', 1],
  ])('a line at %s carries VAT and so no Natura', (_, rate) => {
    expect(naturaFor(buyer({ country: 'CH', extraCee: true, taxRule: 'exempt' }), rate)).toBeNull();
  });

  it('keeps every reference within RiferimentoNormativo’s 100 Latin-1 characters', () => {
    const situations = [
      buyer({ extraCee: true }),
      buyer({ country: 'DE' }),
      buyer({ taxRule: 'exempt' }),
      buyer({ type: 'P', country: 'FR' }),
    ];
    for (const s of situations) {
      const reference = naturaFor(s, 0)!.reference;
      expect(reference.length).toBeLessThanOrEqual(100);
      expect(reference).toMatch(/^[\x20-\x7e\xa0-\xff]+$/);
    }
  });
});
