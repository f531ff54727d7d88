import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { installValidationMessages } from '../validation/zod-messages';
import { SETUP_FIELDS, SetupInputSchema, SetupRequestSchema } from './setup';

installValidationMessages();

const input = {
  name: ' Dischi Verdi S.r.l. ',
  address: 'Via Roma 1, Bologna',
  country: 'it',
  vat_id: 'IT 00743110157',
  email: 'Info@DischiVerdi.example',
  phone: '+39 051 123456',
  admin_email: 'owner@dischiverdi.example',
};

const errorsOf = (value: unknown) => {
  const parsed = SetupInputSchema.safeParse(value);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('SetupInputSchema', () => {
  it('trims, normalises and gives the shipping prices their defaults', () => {
    expect(SetupInputSchema.parse(input)).toEqual({
      ...input,
      name: 'Dischi Verdi S.r.l.',
      country: 'IT',
      email: 'info@dischiverdi.example',
      national_shipping_price: 690,
      international_shipping_price: 1990,
    });
  });

  it.each([
    [{ vat_id: 'IT00743110158' }, { vat_id: messages.vatNumberInvalid }],
    [{ admin_email: 'nope' }, { admin_email: messages.invalidEmail }],
    [{ phone: 'call me' }, { phone: messages.invalidValue }],
    [{ national_shipping_price: -1 }, { national_shipping_price: expect.any(String) }],
    [{ country: 'Italy' }, { country: expect.any(String) }],
  ])('refuses %o on its field', (change, errors) => {
    expect(errorsOf({ ...input, ...change })).toEqual(errors);
  });

  it('names every field the CLI asks, and the request adds only the token', () => {
    expect(SETUP_FIELDS).toEqual([
      'name',
      'address',
      'country',
      'vat_id',
      'email',
      'phone',
      'admin_email',
      'national_shipping_price',
      'international_shipping_price',
    ]);
    expect(SetupRequestSchema.safeParse({ ...input, token: 't', extra: 1 }).success).toBe(false);
    expect(SetupRequestSchema.parse({ ...input, token: 't' }).token).toBe('t');
  });
});
