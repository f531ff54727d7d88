import type { CurrentUser, Customer, Shop } from '@shop/domain';

export const customer: Customer = {
  id: 11,
  type: 'G',
  company: 'Dischi Rossi srl',
  firstname: 'Anna',
  lastname: 'Rossi',
  email: 'company@example.com',
  sdi_code: null,
  pec: null,
  birthday: null,
  job: null,
  vat_id: 'IT01234567890',
  tax_number: null,
  discount: 0,
  currency: 'EUR',
  tax_rule: 'standard',
  preorder_days: 0,
  newsletter: false,
  newsletter_option: null,
  newsletter_date: null,
  language: 'it',
  customer_group_id: null,
  orders_state: null,
  erp_code: null,
  erp_connected: false,
  external_erp_code: null,
  country: 'IT',
  available_from: null,
  extra_cee: false,
  payment_methods: null,
  payment_terms_id: null,
  credit_limit: null,
  blocked: false,
  awaiting_approval: false,
  addresses: [],
};

export const customerUser: CurrentUser = {
  id: 2,
  email: 'company@example.com',
  is_super_admin: false,
  customer,
};

export const adminUser: CurrentUser = {
  id: 1,
  email: 'admin@example.com',
  is_super_admin: true,
  customer: null,
};

export const shop: Shop = {
  name: 'Sonora Distribuzione',
  country: 'IT',
  address: 'Via Roma 1, 20100 Milano',
  email: 'info@sonora.example',
  phone: '+39 02 1234567',
  vat_id: 'IT09876543210',
  social_links: [{ network: 'instagram', url: 'https://instagram.example/sonora' }],
  cod_fee: 500,
  default_free_shipping: 15000,
  payments_mode: 'live',
};
