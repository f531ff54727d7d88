import type { CategoryCode, CouponKind } from '@shop/domain';
import type { ProductSeed } from './catalog';
import { addDays } from './codes';
import { ACCOUNTS } from './customers';
import { Rng } from './random';

/** Coupons and campaigns of the demo shop, relative to `today` (YYYY-MM-DD). */

/**
 * A demo coupon (issue 20 point 5): a percent (basis points) or fixed amount (cents), for one customer
 * or everyone. Its use is counted from the demo orders that name it.
 */
export type CouponSeed = {
  code: string;
  kind: CouponKind;
  value: number;
  customerEmail: string | null;
  validFrom: string;
  validUntil: string;
  minOrder?: number;
  usageLimit?: number;
  perCustomerLimit?: number;
};

export const USED_COUPON = 'GRAZIE20';
export const USED_COUPON_VALUE = 2000;

export function generateCoupons(today: string): CouponSeed[] {
  const year = Number(today.slice(0, 4));
  return [
    {
      code: 'BENVENUTO10',
      kind: 'percent',
      value: 1000,
      customerEmail: null,
      validFrom: `${year}-01-01`,
      validUntil: `${year}-12-31`,
    },
    {
      code: 'WELCOME10',
      kind: 'fixed',
      value: 1000,
      customerEmail: null,
      validFrom: `${year}-01-01`,
      validUntil: `${year}-12-31`,
      minOrder: 5000,
      perCustomerLimit: 1,
    },
    {
      code: 'PRIMI100',
      kind: 'percent',
      value: 500,
      customerEmail: null,
      validFrom: addDays(today, -10),
      validUntil: addDays(today, 50),
      usageLimit: 100,
    },
    {
      code: 'ESTATE5',
      kind: 'percent',
      value: 500,
      customerEmail: null,
      validFrom: `${year - 1}-06-01`,
      validUntil: `${year - 1}-09-30`,
    },
    {
      code: 'DISCHIROSSI15',
      kind: 'percent',
      value: 1500,
      customerEmail: ACCOUNTS.company,
      validFrom: addDays(today, -30),
      validUntil: addDays(today, 60),
      usageLimit: 1,
    },
    {
      code: USED_COUPON,
      kind: 'percent',
      value: USED_COUPON_VALUE,
      customerEmail: ACCOUNTS.private,
      validFrom: addDays(today, -200),
      validUntil: addDays(today, -20),
      usageLimit: 1,
    },
  ];
}

export type CampaignSeed = {
  title: string;
  description: string;
  category: CategoryCode;
  startDate: string;
  endDate: string;
  inHome: boolean;
  isFeatured: boolean;
  rows: { product: ProductSeed; price: number }[];
};

type CampaignDef = Omit<CampaignSeed, 'rows' | 'startDate' | 'endDate'> & {
  start: number;
  end: number;
  subcategories: string[];
};

const CAMPAIGNS: CampaignDef[] = [
  {
    title: "Vinili d'autunno",
    description: 'Una selezione di LP e 7 pollici a prezzo speciale, fino a esaurimento scorte.',
    category: 'MUSICA',
    start: -20,
    end: 25,
    inHome: true,
    isFeatured: true,
    subcategories: ['LP', '7_POLLICI'],
  },
  {
    title: 'Blu-ray da collezione',
    description: 'Edizioni da collezione e restauri in alta definizione.',
    category: 'HOME_VIDEO',
    start: -10,
    end: 40,
    inHome: true,
    isFeatured: false,
    subcategories: ['BLU_RAY', 'BLU_RAY_MUSICALI'],
  },
  {
    title: 'Saldi estivi',
    description: 'I CD più amati dell’estate a prezzi ridotti.',
    category: 'MUSICA',
    start: -150,
    end: -100,
    inHome: false,
    isFeatured: false,
    subcategories: ['CD'],
  },
  {
    title: 'Natale in musica',
    description: 'Idee regalo per le feste: cofanetti, CD e vinili.',
    category: 'MUSICA',
    start: 10,
    end: 45,
    inHome: false,
    isFeatured: false,
    subcategories: ['CD', 'LP', 'SACD'],
  },
];

export function generateCampaigns(seeds: readonly ProductSeed[], today: string): CampaignSeed[] {
  const rng = new Rng('campaigns');
  return CAMPAIGNS.map((c) => {
    const candidates = seeds.filter(
      (s) =>
        c.subcategories.includes(s.subcategory) &&
        !s.discontinued &&
        !s.hasVariants &&
        s.releaseDate <= addDays(today, c.start),
    );
    const picked = rng.sample(candidates, rng.int(20, 40));
    picked.sort((a, b) => a.index - b.index);
    return {
      title: c.title,
      description: c.description,
      category: c.category,
      startDate: addDays(today, c.start),
      endDate: addDays(today, c.end),
      inHome: c.inHome,
      isFeatured: c.isFeatured,
      rows: picked.map((product) => ({
        product,
        // 10–25% off the list price, to the ten cents.
        price: Math.round((product.price * (100 - rng.int(10, 25))) / 1000) * 10,
      })),
    };
  });
}
