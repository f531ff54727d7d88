import {
  type AuditEntry,
  type BackofficeOrderDetail,
  messages,
  type Page,
  type PlacedOrder,
  type Settings,
  type SettingsInput,
  type ShipmentResult,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../../db/seed/demo';
import { addProduct, line, openShop, postOrder, type Shop } from '../orders/checkout.fixtures';

/**
 * The shop's settings in the back office (issue 18 point 3): read and replaced by administrators only,
 * refused field by field with the SPEC's messages, recorded from → to in the audit trail, and used
 * without a restart by the storefront's shop data, the next document number and the next mail.
 */

let shop: Shop;
let original: Settings;
beforeAll(async () => {
  shop = await openShop();
  original = (await shop.clients.admin.get('/api/settings')).json();
});
afterAll(() => shop.t.close());

const admin = () => shop.clients.admin;
const input = (changes: Partial<SettingsInput> = {}): SettingsInput => {
  const { mail_from_default: _, next_documents: __, ...current } = original;
  return { ...current, ...changes };
};
const save = async (changes: Partial<SettingsInput>) => {
  const res = await admin().put('/api/settings', input(changes));
  expect(res.statusCode, res.body).toBe(200);
  original = res.json();
  return original;
};

describe('GET and PUT /api/settings', () => {
  it('gives an administrator the shop data, the fee, the threshold, the formats and the sender', async () => {
    expect(original).toMatchObject({
      country: 'IT',
      cod_fee: 500,
      default_free_shipping: 15000,
      document_number_formats: {
        delivery_note: 'DDT-{YYYY}-{NNNNNN}',
        invoice: 'INV-{YYYY}-{NNNNNN}',
        credit_note: 'CN-{YYYY}-{NNNNNN}',
      },
      mail_from: null,
      mail_from_default: 'Sonora <noreply@sonora.example>',
      next_documents: { year: 2026, delivery_note: expect.any(Number), invoice: expect.any(Number) },
    });
    expect(original.name).not.toBe('');
  });

  it('saves the whole set and GET /api/shop shows the storefront the new data at once', async () => {
    const saved = await save({
      name: 'Dischi Sonori srl',
      address: 'Corso Buenos Aires 1, 20124 Milano',
      phone: '+39 02 9876 5432',
      email: 'Ciao@Dischisonori.example',
      social_links: [
        { network: 'instagram', url: 'https://instagram.com/dischisonori' },
        { network: 'youtube', url: 'https://youtube.com/@dischisonori' },
      ],
      cod_fee: 650,
      default_free_shipping: 9900,
    });
    expect(saved).toMatchObject({ email: 'ciao@dischisonori.example', cod_fee: 650 });
    expect((await shop.t.client().get('/api/shop')).json()).toMatchObject({
      name: 'Dischi Sonori srl',
      address: 'Corso Buenos Aires 1, 20124 Milano',
      phone: '+39 02 9876 5432',
      email: 'ciao@dischisonori.example',
      social_links: [
        { network: 'instagram', url: 'https://instagram.com/dischisonori' },
        { network: 'youtube', url: 'https://youtube.com/@dischisonori' },
      ],
      cod_fee: 650,
      default_free_shipping: 9900,
    });
    expect((await admin().get('/api/settings')).json()).toEqual(saved);
  });

  it('refuses a customer with 403 and anyone signed out with 401', async () => {
    expect((await shop.clients.private.get('/api/settings')).statusCode).toBe(403);
    expect((await shop.clients.company.put('/api/settings', input({ phone: '1' }))).statusCode).toBe(403);
    const anonymous = shop.t.client();
    expect((await anonymous.get('/api/settings')).statusCode).toBe(401);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.put('/api/settings', input())).statusCode).toBe(401);
  });
});

describe('invalid settings', () => {
  const refused = async (changes: Record<string, unknown>) => {
    const res = await admin().put('/api/settings', { ...input(), ...changes });
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors as Record<string, string[]>;
  };

  it('answers 422 on each invalid field with its message and saves nothing', async () => {
    const before = (await admin().get('/api/settings')).json();
    expect(
      await refused({
        name: '  ',
        email: 'not-an-address',
        phone: 'call us',
        cod_fee: -1,
        default_free_shipping: 12.5,
        social_links: [{ network: 'instagram', url: 'javascript:alert(1)' }],
        document_number_formats: {
          delivery_note: 'DDT-{NNNNNN}',
          invoice: 'INV/{YYYY}/{NNNNNN}',
          credit_note: 'CN-{YYYY}-{NNNNNN}-{NN}',
        },
        mail_from: 'Sonora <not an address>',
      }),
    ).toEqual({
      name: [messages.invalidLength],
      email: [messages.invalidEmail],
      phone: [messages.invalidValue],
      cod_fee: [messages.invalidValue],
      default_free_shipping: [messages.invalidValue],
      'social_links.0.url': [messages.invalidValue],
      'document_number_formats.delivery_note': [messages.invalidValue],
      'document_number_formats.invoice': [messages.invalidValue],
      'document_number_formats.credit_note': [messages.invalidValue],
      mail_from: [messages.invalidEmail],
    });
    expect((await admin().get('/api/settings')).json()).toEqual(before);
  });

  it("checks the VAT number against the shop's country with SPEC §5's message", async () => {
    expect(await refused({ vat_id: 'IT12345678901' })).toEqual({ vat_id: [messages.vatNumberInvalid] });
  });

  it('refuses formats whose numbers could collide, on each of them', async () => {
    expect(
      await refused({
        document_number_formats: {
          delivery_note: 'DOC-{YYYY}-{NNNNNN}',
          invoice: 'DOC-{YYYY}-{NNNN}',
          credit_note: 'CN-{YYYY}-{NNNNNN}',
        },
      }),
    ).toEqual({
      'document_number_formats.delivery_note': [messages.invalidValue],
      'document_number_formats.invoice': [messages.invalidValue],
    });
  });

  it('refuses unknown fields', async () => {
    expect(await refused({ mail_from_default: 'x@example.com' })).toHaveProperty('mail_from_default');
  });
});

describe('a change is audited and used without a restart', () => {
  it('records who and each field from → to', async () => {
    const phone = original.phone;
    shop.t.clock.now = new Date('2026-11-21T11:00:00Z');
    await save({
      phone: '+39 02 5555 0000',
      cod_fee: 700,
      document_number_formats: { ...original.document_number_formats, credit_note: 'NC-{YYYY}-{NNNNN}' },
    });
    const res = await admin().get('/api/audit-log?entity=settings');
    const [entry] = (res.json() as Page<AuditEntry>).data;
    expect(entry).toMatchObject({
      at: '2026-11-21T11:00:00.000Z',
      user_email: ACCOUNTS.admin,
      action: 'update',
      entity: 'settings',
      entity_id: 'shop',
      changes: {
        phone: { from: phone, to: '+39 02 5555 0000' },
        cod_fee: { from: 650, to: 700 },
        'document_number_formats.credit_note': { from: 'CN-{YYYY}-{NNNNNN}', to: 'NC-{YYYY}-{NNNNN}' },
      },
    });
    expect(Object.keys(entry!.changes ?? {}).sort()).toEqual([
      'cod_fee',
      'document_number_formats.credit_note',
      'phone',
    ]);
  });

  it('numbers the next invoice in the new format', async () => {
    await save({
      document_number_formats: { ...original.document_number_formats, invoice: 'FT{YYYY}.{NNNN}' },
    });
    const product = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const placed = await postOrder(shop, 'private', { products: [line(product.id, 1)] });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderNo } = (placed.json() as PlacedOrder).order;
    for (const status of ['confirmed', 'in_work', 'picking', 'ready_to_ship', 'on_ship'])
      expect((await admin().post(`/api/orders/${orderNo}/status`, { status })).statusCode).toBe(200);
    const detail = (await admin().get(`/api/backoffice/orders/${orderNo}`)).json() as BackofficeOrderDetail;
    const shipped = await admin().post(`/api/orders/${orderNo}/shipments`, {
      rows: [{ id: detail.rows[0]!.id, quantity: 1 }],
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const { next_documents } = original;
    expect((shipped.json() as ShipmentResult).invoice?.number).toBe(
      `FT2026.${String(next_documents.invoice).padStart(4, '0')}`,
    );
    expect((await admin().get('/api/settings')).json().next_documents.invoice).toBe(
      next_documents.invoice + 1,
    );
  });

  it('refuses a format whose numbers another type of document already has', async () => {
    // The invoice above was numbered FT2026.NNNN; with invoices back to INV-, credit notes may not take FT.
    await save({
      document_number_formats: { ...original.document_number_formats, invoice: 'INV-{YYYY}-{NNNNNN}' },
    });
    const res = await admin().put(
      '/api/settings',
      input({
        document_number_formats: { ...original.document_number_formats, credit_note: 'FT{YYYY}.{NNNN}' },
      }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({
      'document_number_formats.credit_note': [messages.documentNumberFormatUsed],
    });
    expect((await admin().get('/api/settings')).json().document_number_formats.credit_note).toBe(
      original.document_number_formats.credit_note,
    );
    // The invoices' own earlier format stays theirs to take back.
    await save({
      document_number_formats: { ...original.document_number_formats, invoice: 'FT{YYYY}.{NNNN}' },
    });
  });

  it('sends the next mail from the new sender', async () => {
    await admin().post('/forgot-password', { email: ACCOUNTS.company });
    expect(shop.t.mails.at(-1)).toMatchObject({
      to: ACCOUNTS.company,
      from: 'Sonora <noreply@sonora.example>',
    });
    await save({ mail_from: 'Dischi Sonori <negozio@dischisonori.example>' });
    await admin().post('/forgot-password', { email: ACCOUNTS.private });
    expect(shop.t.mails.at(-1)).toMatchObject({
      to: ACCOUNTS.private,
      from: 'Dischi Sonori <negozio@dischisonori.example>',
    });
  });
});
