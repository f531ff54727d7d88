import { type CustomerType, PAYMENT_METHODS, type PaymentMethod, type TaxRule } from '@shop/domain';
import type { AddressSnapshot } from '../schema';
import { addDays, atHour, codiceFiscale, italianVatId } from './codes';
import { Rng } from './random';

/** The demo customers: the three of DESIGN §10 and ~25 more so the back-office lists are not empty. */

export const DEMO_PASSWORD = 'Password1!';

export const ACCOUNTS = {
  admin: 'admin@example.com',
  company: 'company@example.com',
  private: 'private@example.com',
  extra: 'extra@example.com',
  buyer: 'buyer@example.com',
  accounts: 'accounts@example.com',
} as const;

/** company@example.com's colleagues (issue 19 point 6): company@example.com is their company admin. */
export const COMPANY_TEAM = [
  { email: ACCOUNTS.buyer, role: 'buyer', orderLimit: 50_000 },
  { email: ACCOUNTS.accounts, role: 'viewer', orderLimit: null },
] as const;

export type AddressSeed = AddressSnapshot & { type: 'B' | 'S'; isDefault: boolean; note: string | null };

export type CustomerSeed = {
  email: string;
  type: CustomerType;
  company: string | null;
  firstname: string;
  lastname: string;
  country: string;
  group: string | null;
  discount: number;
  taxRule: TaxRule;
  extraCee: boolean;
  currency: string;
  preorderDays: number;
  vatId: string | null;
  taxNumber: string | null;
  sdiCode: string | null;
  pec: string | null;
  birthday: string | null;
  job: string | null;
  newsletter: boolean;
  erpCode: string | null;
  erpConnected: boolean;
  /** Issue 20: the customer's own payment methods; null: the group's. */
  paymentMethods: PaymentMethod[] | null;
  createdAt: Date;
  addresses: AddressSeed[];
  /** Database ids, once inserted. */
  id: number;
  userId: number;
};

type Place = { address: string; postcode: string; city: string; state: string | null; country: string };

type Def = {
  email: string;
  type: CustomerType;
  company?: string;
  firstname: string;
  lastname: string;
  place: Place;
  phone: string;
  group?: string;
  discount?: number;
  taxRule?: TaxRule;
  extraCee?: boolean;
  vatId?: string;
  /** Private persons born in Italy: birthday, sex and Belfiore code give the tax code. */
  person?: { birthday: string; female: boolean; municipality: string; job: string };
  preorderDays?: number;
  sdiCode?: string;
  pec?: string;
  newsletter?: boolean;
  erp?: boolean;
  paymentMethods?: readonly PaymentMethod[];
  shipTo?: (Place & { company?: string; note?: string })[];
};

const it = (address: string, postcode: string, city: string, state: string): Place => ({
  address,
  postcode,
  city,
  state,
  country: 'IT',
});

const DEFS: Def[] = [
  {
    email: ACCOUNTS.company,
    type: 'G',
    company: 'Dischi Rossi S.r.l.',
    firstname: 'Giulia',
    lastname: 'Rossi',
    place: it('Corso di Porta Ticinese 58', '20123', 'Milano', 'MI'),
    phone: '+39 02 8942 1187',
    group: 'RIVENDITORI',
    discount: 200,
    vatId: italianVatId(1234567),
    sdiCode: 'M5UXCR1',
    pec: 'dischirossi@pec.example',
    preorderDays: 30,
    newsletter: true,
    erp: true,
    // Issue 20: staff granted 'as per agreement' to the two companies the demo journeys order for.
    paymentMethods: PAYMENT_METHODS,
    shipTo: [
      {
        ...it("Via dell'Industria 8", '20054', 'Segrate', 'MI'),
        company: 'Dischi Rossi S.r.l. – Magazzino',
        note: 'Consegna dal lunedì al venerdì, 9–17',
      },
    ],
  },
  {
    email: ACCOUNTS.private,
    type: 'P',
    firstname: 'Mario',
    lastname: 'Bianchi',
    place: it("Via dell'Indipendenza 44", '40121', 'Bologna', 'BO'),
    phone: '+39 347 123 4567',
    person: { birthday: '1980-01-01', female: false, municipality: 'F205', job: 'Insegnante' },
    newsletter: true,
  },
  {
    email: ACCOUNTS.extra,
    type: 'G',
    company: 'Alpen Musik AG',
    firstname: 'Lukas',
    lastname: 'Meier',
    place: { address: 'Bahnhofstrasse 21', postcode: '8001', city: 'Zürich', state: 'ZH', country: 'CH' },
    phone: '+41 44 123 45 67',
    taxRule: 'exempt',
    extraCee: true,
    vatId: 'CHE-123.456.788 MWST',
    erp: true,
    paymentMethods: PAYMENT_METHODS,
  },
  // Dealers in Italy.
  ...(
    [
      ['Discoteca Laziale S.r.l.', 'Giorgio', 'Santoro', it('Via Merulana 112', '00185', 'Roma', 'RM'), 300],
      ['Il Vinile di Carta S.n.c.', 'Marta', 'Galli', it('Via Zamboni 21', '40126', 'Bologna', 'BO'), 0],
      ['Musica & Dintorni S.a.s.', 'Ciro', 'Esposito', it('Via Toledo 256', '80134', 'Napoli', 'NA'), 150],
      ['Sound Corner S.r.l.', 'Fabio', 'Lombardi', it('Via Po 18', '10123', 'Torino', 'TO'), 0],
      ['Ritmo Veneto S.r.l.', 'Elisa', 'Martini', it('Via Roma 45', '35122', 'Padova', 'PD'), 250],
      [
        'La Bottega del Disco S.r.l.',
        'Piero',
        'Fontana',
        it('Borgo degli Albizi 9', '50122', 'Firenze', 'FI'),
        0,
      ],
      [
        'Jazz Corner Genova S.r.l.',
        'Andrea',
        'Vitale',
        it('Via San Lorenzo 33', '16123', 'Genova', 'GE'),
        100,
      ],
      ['Audiofilia S.r.l.', 'Sofia', 'Leone', it('Corso Porta Nuova 60', '37122', 'Verona', 'VR'), 0],
    ] as const
  ).map(
    ([company, firstname, lastname, place, discount], i): Def => ({
      email: `customer${String(i + 1).padStart(2, '0')}@example.com`,
      type: 'G',
      company,
      firstname,
      lastname,
      place,
      phone: `+39 0${i + 2} ${String(5550100 + i * 37).slice(0, 4)} ${String(1000 + i * 71)}`,
      group: 'RIVENDITORI',
      discount,
      vatId: italianVatId(3456120 + i * 7919),
      sdiCode: ['KRRH6B9', 'T04ZHR3', 'SUBM70N', 'USAL8PV', '5RUO82D', 'W7YVJK9', 'X2PH38J', 'A4707H7'][i],
      pec: `amministrazione${i + 1}@pec.example`,
      newsletter: i % 2 === 0,
      erp: i % 3 !== 2,
    }),
  ),
  // Retail chains.
  {
    email: 'customer09@example.com',
    type: 'G',
    company: 'Ipermercati Adriatici S.p.A.',
    firstname: 'Roberto',
    lastname: 'Mancini',
    place: it('Viale della Riviera 300', '65123', 'Pescara', 'PE'),
    phone: '+39 085 421 7700',
    group: 'GDO',
    vatId: italianVatId(1877430, '058'),
    sdiCode: 'SZLUB6A',
    pec: 'ordini@pec-ipermercati.example',
    erp: true,
  },
  {
    email: 'customer10@example.com',
    type: 'G',
    company: 'MediaCasa S.p.A.',
    firstname: 'Valentina',
    lastname: 'Serra',
    place: it('Via Triumplina 140', '25123', 'Brescia', 'BS'),
    phone: '+39 030 200 1400',
    group: 'GDO',
    vatId: italianVatId(2290011, '063'),
    sdiCode: 'BA6ET11',
    pec: 'acquisti@pec-mediacasa.example',
    erp: true,
  },
  // EU companies (intra-community supplies, no VAT).
  {
    email: 'customer11@example.com',
    type: 'G',
    company: 'Plattenladen Schmidt GmbH',
    firstname: 'Jonas',
    lastname: 'Schmidt',
    place: { address: 'Oranienstraße 25', postcode: '10999', city: 'Berlin', state: 'BE', country: 'DE' },
    phone: '+49 30 612 3456',
    taxRule: 'exempt',
    vatId: 'DE136695976',
  },
  {
    email: 'customer12@example.com',
    type: 'G',
    company: 'Disquaire du Marais SARL',
    firstname: 'Camille',
    lastname: 'Moreau',
    place: { address: 'Rue des Rosiers 14', postcode: '75004', city: 'Paris', state: null, country: 'FR' },
    phone: '+33 1 42 72 00 00',
    taxRule: 'exempt',
    vatId: 'FR40123456824',
  },
  {
    email: 'customer13@example.com',
    type: 'G',
    company: 'Discos Sol S.L.',
    firstname: 'Lucía',
    lastname: 'Reyes',
    place: {
      address: 'Calle de Fuencarral 78',
      postcode: '28004',
      city: 'Madrid',
      state: 'M',
      country: 'ES',
    },
    phone: '+34 91 521 00 00',
    taxRule: 'exempt',
    vatId: 'ESB12345674',
  },
  // Outside the EU.
  {
    email: 'customer14@example.com',
    type: 'G',
    company: 'Thames Vinyl Ltd',
    firstname: 'Oliver',
    lastname: 'Hayes',
    place: { address: '12 Brick Lane', postcode: 'E1 6RF', city: 'London', state: null, country: 'GB' },
    phone: '+44 20 7946 0000',
    taxRule: 'exempt',
    extraCee: true,
    vatId: 'GB980780684',
  },
  {
    email: 'customer15@example.com',
    type: 'G',
    company: 'Ticino Musica SA',
    firstname: 'Marco',
    lastname: 'Bernasconi',
    place: { address: 'Via Nassa 5', postcode: '6900', city: 'Lugano', state: 'TI', country: 'CH' },
    phone: '+41 91 922 00 00',
    taxRule: 'exempt',
    extraCee: true,
    vatId: 'CHE-116.281.710 IVA',
  },
  // Private persons in Italy (half of them in the PRIVATI group).
  ...(
    [
      ['Giulia', 'Rossi', true, it('Via dei Serpenti 40', '00184', 'Roma', 'RM'), 'H501', 'Architetta'],
      ['Luca', 'Ferrari', false, it('Via Garibaldi 7', '10122', 'Torino', 'TO'), 'L219', 'Ingegnere'],
      ['Francesca', 'Esposito', true, it('Via dei Tribunali 90', '80138', 'Napoli', 'NA'), 'F839', 'Medico'],
      ['Alessandro', 'Romano', false, it('Via Saragozza 15', '40123', 'Bologna', 'BO'), 'A944', 'Musicista'],
      ['Chiara', 'Colombo', true, it('Via Paolo Sarpi 22', '20154', 'Milano', 'MI'), 'F205', 'Grafica'],
      ['Marco', 'Ricci', false, it('Via dei Neri 31', '50122', 'Firenze', 'FI'), 'D612', 'Avvocato'],
      ['Sara', 'Marino', true, it('Via Sparano 101', '70121', 'Bari', 'BA'), 'A662', 'Studentessa'],
      ['Davide', 'Greco', false, it('Via Maqueda 200', '90133', 'Palermo', 'PA'), 'G273', 'Fotografo'],
      ['Elena', 'Bruno', true, it('Via Mazzini 12', '37121', 'Verona', 'VR'), 'L781', 'Farmacista'],
      ['Paolo', 'Conti', false, it('Via XX Settembre 80', '16121', 'Genova', 'GE'), 'D969', 'Impiegato'],
    ] as const
  ).map(
    ([firstname, lastname, female, place, municipality, job], i): Def => ({
      email: `customer${String(i + 16).padStart(2, '0')}@example.com`,
      type: 'P',
      firstname,
      lastname,
      place,
      phone: `+39 3${String(31 + i * 3)} ${String(2000000 + i * 123457).slice(0, 3)} ${String(4000 + i * 97)}`,
      ...(i % 2 === 0 ? { group: 'PRIVATI' } : {}),
      person: {
        birthday: `${1965 + i * 3}-${String((i % 12) + 1).padStart(2, '0')}-${String(3 + i * 2).padStart(2, '0')}`,
        female,
        municipality,
        job,
      },
      newsletter: i % 3 === 0,
    }),
  ),
  {
    email: 'customer26@example.com',
    type: 'P',
    firstname: 'Anna',
    lastname: 'Müller',
    place: {
      address: 'Sendlinger Straße 12',
      postcode: '80331',
      city: 'München',
      state: 'BY',
      country: 'DE',
    },
    phone: '+49 89 123 4567',
  },
];

export function generateCustomers(today: string): CustomerSeed[] {
  const rng = new Rng('customers');
  return DEFS.map((d, i) => {
    const createdDate = addDays(today, -rng.int(250, 900));
    const contact = { firstname: d.firstname, lastname: d.lastname };
    const snapshot = (place: Place, company: string | null): AddressSnapshot => ({
      company,
      ...contact,
      co: null,
      ...place,
      phone: d.phone,
    });
    const billing = snapshot(d.place, d.company ?? null);
    const addresses: AddressSeed[] = [
      { ...billing, type: 'B', isDefault: true, note: null },
      { ...billing, type: 'S', isDefault: true, note: null },
      ...(d.shipTo ?? []).map(
        (s): AddressSeed => ({
          ...snapshot(s, s.company ?? d.company ?? null),
          type: 'S',
          isDefault: false,
          note: s.note ?? null,
        }),
      ),
    ];
    const italianPerson = d.person && d.place.country === 'IT';
    return {
      email: d.email,
      type: d.type,
      company: d.company ?? null,
      firstname: d.firstname,
      lastname: d.lastname,
      country: d.place.country,
      group: d.group ?? null,
      discount: d.discount ?? 0,
      taxRule: d.taxRule ?? 'standard',
      extraCee: d.extraCee ?? false,
      currency: 'EUR',
      preorderDays: d.preorderDays ?? (d.type === 'G' ? 15 : 0),
      vatId: d.vatId ?? null,
      // A company's tax number is its VAT number's digits; a person's is the codice fiscale.
      taxNumber: italianPerson
        ? codiceFiscale({ firstname: d.firstname, lastname: d.lastname, ...d.person! })
        : d.vatId?.startsWith('IT')
          ? d.vatId.slice(2)
          : null,
      sdiCode: d.sdiCode ?? (d.type === 'P' && d.place.country === 'IT' ? '0000000' : null),
      pec: d.pec ?? null,
      birthday: d.person?.birthday ?? null,
      job: d.person?.job ?? null,
      newsletter: d.newsletter ?? false,
      erpCode: d.type === 'G' ? `C${String(101 + i).padStart(6, '0')}` : null,
      erpConnected: d.erp ?? false,
      paymentMethods: d.paymentMethods ? [...d.paymentMethods] : null,
      createdAt: atHour(createdDate, 10, rng.int(0, 59)),
      addresses,
      id: 0,
      userId: 0,
    };
  });
}

/** The address snapshot an order copies from the customer's default address of a type. */
export function defaultAddress(customer: CustomerSeed, type: 'B' | 'S'): AddressSnapshot {
  const a = customer.addresses.find((x) => x.type === type && x.isDefault)!;
  return {
    company: a.company,
    firstname: a.firstname,
    lastname: a.lastname,
    co: a.co,
    address: a.address,
    postcode: a.postcode,
    city: a.city,
    state: a.state,
    country: a.country,
    phone: a.phone,
  };
}
