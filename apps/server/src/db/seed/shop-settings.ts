/** The demo shop's own settings (DESIGN §10): shop data, VAT rates, currencies, units, warehouses. */

export const SHOP = {
  name: 'Sonora',
  country: 'IT',
  address: 'Via Privata Oslavia 17, 20134 Milano (MI), Italia',
  email: 'info@sonora.example',
  phone: '+39 02 1234 5678',
  vatId: 'IT12345670157',
  // The FatturaPA seller (issue 21): a company's codice fiscale is its VAT number's 11 digits.
  taxCode: '12345670157',
  registeredOffice: { street: 'Via Privata Oslavia 17', postcode: '20134', city: 'Milano', province: 'MI' },
  reaOffice: 'MI',
  reaNumber: '1234567',
  socialLinks: [
    { network: 'facebook', url: 'https://www.facebook.com/sonora.example' },
    { network: 'instagram', url: 'https://www.instagram.com/sonora.example' },
    { network: 'youtube', url: 'https://www.youtube.com/@sonora.example' },
  ],
  codFee: 500,
  defaultFreeShipping: 15000,
};

export const VAT_RATES = [
  { rate: 2200, description: 'IVA 22%' },
  { rate: 1000, description: 'IVA 10%' },
  { rate: 400, description: 'IVA 4%' },
  { rate: 0, description: 'Non imponibile art. 8', nature: 'N3.1' },
] as const;

export const CURRENCIES = [
  { code: 'EUR', symbol: '€', description: 'Euro' },
  { code: 'CHF', symbol: 'CHF', description: 'Franco svizzero' },
  { code: 'USD', symbol: '$', description: 'Dollaro statunitense' },
  { code: 'GBP', symbol: '£', description: 'Sterlina britannica' },
];

export const UOMS = [
  { code: 'PZ', description: 'Pezzo', conversionRatio: 1000 },
  { code: 'CF', description: 'Confezione (6 pezzi)', conversionRatio: 6000 },
  { code: 'PA', description: 'Paio', conversionRatio: 2000 },
  { code: 'CT', description: 'Cartone (25 pezzi)', conversionRatio: 25000 },
];

export const WAREHOUSES = [
  { code: 'MAIN', description: 'Magazzino centrale Milano', managementType: 'standard' },
  { code: 'EXT', description: 'Deposito esterno Bologna', managementType: 'external' },
];
