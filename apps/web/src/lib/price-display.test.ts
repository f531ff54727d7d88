import { describe, expect, it } from 'vitest';
import { price } from '../test/catalog-fixtures';
import { formatRate, priceView } from './price-display';

describe('priceView (DESIGN §6)', () => {
  it('marks a contract price and strikes the list price through, without a discount badge', () => {
    const view = priceView(
      price({
        discount_rate: 200,
        discounted_price: 1264,
        contract_price: 1000,
        price_source: 'contract',
        unit_price: 1000,
      }),
    );
    expect(view).toMatchObject({
      amount: 1000,
      listAmount: 1290,
      discountRate: null,
      isCampaign: false,
      isContract: true,
    });
  });

  it('shows a company the net unit price, VAT excluded, without a struck price when nothing is discounted', () => {
    expect(priceView(price())).toEqual({
      amount: 1290,
      mode: 'net',
      listAmount: null,
      discountRate: null,
      isCampaign: false,
      isContract: false,
    });
  });

  it('shows a private person the VAT-inclusive price, and the list price with VAT struck through', () => {
    const view = priceView(
      price({
        display: 'gross',
        discount_rate: 1000,
        discounted_price: 1161,
        unit_price: 1161,
        unit_price_with_vat: 1416,
      }),
    );
    // 1290 + 22% = 1573.8 → 1574; 14.16 is 10.04% below 15.74, the figure shown (issue 16)
    expect(view).toEqual({
      amount: 1416,
      mode: 'gross',
      listAmount: 1574,
      discountRate: 1004,
      isCampaign: false,
      isContract: false,
    });
  });

  it('shows the effective rate of the price shown, not the rules’ combined rate (issue 16)', () => {
    // 15.90 less 2% then 8%: 14.34, 9.84% by the rules, 9.81% below the list price
    const discounted = { list_price: 1590, discount_rate: 984, discounted_price: 1434, unit_price: 1434 };
    expect(priceView(price({ ...discounted, unit_price_with_vat: 1749 })).discountRate).toBe(981);
    // with VAT: 17.49 is 9.85% below 19.40
    expect(
      priceView(price({ ...discounted, unit_price_with_vat: 1749, display: 'gross' })).discountRate,
    ).toBe(985);
  });

  it('marks a campaign price instead of the discount when the campaign wins', () => {
    const view = priceView(
      price({
        discount_rate: 500,
        discounted_price: 1226,
        campaign_price: 990,
        is_under_campaign: true,
        unit_price: 990,
        unit_price_with_vat: 1208,
      }),
    );
    expect(view).toEqual({
      amount: 990,
      mode: 'net',
      listAmount: 1290,
      discountRate: null,
      isCampaign: true,
      isContract: false,
    });
  });

  it('shows the net price to an exempt extra-EU customer (0% VAT)', () => {
    const view = priceView(price({ vat_rate: 0, unit_price_with_vat: 1290 }));
    expect(view.amount).toBe(1290);
    expect(view.mode).toBe('net');
  });
});

describe('formatRate', () => {
  it.each([
    [1500, 'it', '15%'],
    [1621, 'it', '16,21%'],
    [1621, 'en', '16.21%'],
    [250, 'en', '2.5%'],
  ])('%d bp in %s → %s', (rate, lng, expected) => {
    expect(formatRate(rate, lng).replace(/\s/g, '')).toBe(expected);
  });
});
