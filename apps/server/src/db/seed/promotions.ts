import type { CategoryCode } from '@shop/domain';
import type { ProductSeed } from './catalog';
import { addDays } from './codes';
import { ACCOUNTS } from './customers';
import { Rng } from './random';

/** Coupons and campaigns of the demo shop, relative to `today` (YYYY-MM-DD). */

export type CouponSeed = {
  code: string;
  value: number;
  customerEmail: string | null;
  validFrom: string;
  validUntil: string;
  /** Used by a demo order: usedAt is that order's date. */
  used: boolean;
};

export const USED_COUPON = 'GRAZIE20';
export const USED_COUPON_VALUE = 2000;

export function generateCoupons(today: string): CouponSeed[] {
  const year = Number(today.slice(0, 4));
  return [
    {
      code: 'BENVENUTO10',
      value: 1000,
      customerEmail: null,
      validFrom: `${year}-01-01`,
      validUntil: `${year}-12-31`,
      used: false,
    },
    {
      code: 'ESTATE5',
      value: 500,
      customerEmail: null,
      validFrom: `${year - 1}-06-01`,
      validUntil: `${year - 1}-09-30`,
      used: false,
    },
    {
      code: 'DISCHIROSSI15',
      value: 1500,
      customerEmail: ACCOUNTS.company,
      validFrom: addDays(today, -30),
      validUntil: addDays(today, 60),
      used: false,
    },
    {
      code: USED_COUPON,
      value: USED_COUPON_VALUE,
      customerEmail: ACCOUNTS.private,
      validFrom: addDays(today, -200),
      validUntil: addDays(today, -20),
      used: true,
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
