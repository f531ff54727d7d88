import {
  DEFAULT_DOCUMENT_NUMBER_FORMATS,
  type DocumentType,
  documentNumberPattern,
  messages,
  type Settings,
  type SettingsInputSchema,
} from '@shop/domain';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { TtlLruCache } from '../../lib/lru-cache';
import { SETTINGS_CACHE_MS } from '../../lib/settings-cache';
import { inTransaction } from '../../lib/transaction';
import { forgetShopTerms } from '../cart/cart.service';
import * as q from './settings.queries';

/**
 * The shop's settings of the back office (issue 18 point 3): its data, the cash-on-delivery fee, the
 * default free-shipping threshold, the document number formats, the mails' sender, credit control's
 * settings (issue 20) and the e-invoices' seller data (issue 21), all in the shop row. A save applies without a restart: documents read the
 * formats from the row as they are issued,
 * the cart's terms and the sender are cached per instance for SETTINGS_CACHE_MS and forgotten at once
 * by the instance that saves.
 */

type Reader = Pick<Ctx, 'db' | 'config' | 'now'>;
type SettingsInput = z.output<typeof SettingsInputSchema>;

type ShopRow = NonNullable<Awaited<ReturnType<typeof q.findShopRow>>>;

function toSettings(row: ShopRow, config: Config, next: Settings['next_documents']): Settings {
  return {
    name: row.name,
    address: row.address,
    country: row.country,
    vat_id: row.vatId,
    email: row.email,
    phone: row.phone,
    social_links: row.socialLinks,
    cod_fee: row.codFee,
    default_free_shipping: row.defaultFreeShipping,
    document_number_formats: { ...DEFAULT_DOCUMENT_NUMBER_FORMATS, ...row.documentNumberFormats },
    mail_from: row.mailFrom,
    mail_from_default: config.mailFrom,
    credit_grace_days: row.creditGraceDays,
    credit_action: row.creditAction,
    credit_contact: row.creditContact,
    tax_code: row.taxCode,
    registered_office: row.registeredOffice,
    rea_office: row.reaOffice,
    rea_number: row.reaNumber,
    new_company_approval: row.newCompanyApproval,
    next_documents: next,
  };
}

/** The sequence each type's next document of this year takes (takeNextNumber adds one to the last). */
async function nextDocuments(ctx: Pick<Ctx, 'db' | 'now'>): Promise<Settings['next_documents']> {
  const year = Number(shopDate(ctx.now()).slice(0, 4));
  const last = new Map((await q.listDocumentSequences(ctx.db, year)).map((s) => [s.type, s.lastNumber]));
  const next = (type: DocumentType) => (last.get(type) ?? 0) + 1;
  return {
    year,
    delivery_note: next('delivery_note'),
    invoice: next('invoice'),
    credit_note: next('credit_note'),
  };
}

/** GET /api/settings; 404 before the shop's data exists (npm run setup writes it). */
export async function getSettings(ctx: Reader): Promise<Settings> {
  const row = await q.findShopRow(ctx.db);
  if (!row) throw new NotFoundError();
  return toSettings(row, ctx.config, await nextDocuments(ctx));
}

/** PUT /api/settings: replaces the whole set in one transaction, then this instance forgets its caches. */
export async function updateSettings(ctx: Reader, input: SettingsInput): Promise<Settings> {
  const values: q.ShopValues = {
    name: input.name,
    address: input.address,
    country: input.country,
    vatId: input.vat_id,
    email: input.email,
    phone: input.phone,
    socialLinks: input.social_links,
    codFee: input.cod_fee,
    defaultFreeShipping: input.default_free_shipping,
    documentNumberFormats: input.document_number_formats,
    mailFrom: input.mail_from,
    // Left out, credit control's settings stay as they are (a new shop row takes the defaults).
    creditGraceDays: input.credit_grace_days,
    creditAction: input.credit_action,
    creditContact: input.credit_contact,
    // The e-invoices' seller data (issue 21), likewise kept when left out.
    taxCode: input.tax_code,
    registeredOffice: input.registered_office,
    reaOffice: input.rea_office,
    reaNumber: input.rea_number,
    // Issue 22: whether new companies wait for staff approval, likewise kept when left out.
    newCompanyApproval: input.new_company_approval,
  };
  await inTransaction(ctx, async (tx) => {
    const row = await q.lockShopRow(tx.db);
    await assertFormatsFree(tx, input.document_number_formats, row?.documentNumberFormats);
    if (row) await q.updateShopRow(tx.db, row.id, values);
    else await q.insertShopRow(tx.db, values);
  });
  forgetShopTerms(ctx);
  senderCache.get(ctx.config)?.clear();
  return getSettings(ctx);
}

/**
 * A changed format must not give numbers another type of document already has (numbers are unique:
 * issuing would fail, e.g. credit notes taking the format invoices used earlier in the year).
 */
async function assertFormatsFree(
  tx: Pick<Ctx, 'db'>,
  formats: Record<DocumentType, string>,
  current: Record<DocumentType, string> | undefined,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const [type, format] of Object.entries(formats) as [DocumentType, string][]) {
    if (format === (current?.[type] ?? DEFAULT_DOCUMENT_NUMBER_FORMATS[type])) continue;
    if (await q.numberTakenByOtherType(tx.db, type, documentNumberPattern(format)))
      errors[`document_number_formats.${type}`] = [messages.documentNumberFormatUsed];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * The format of a document type's numbers, read in the issuing transaction so the number taken and
 * the format it is written in are of the same moment.
 */
export async function documentNumberFormat(ctx: Pick<Ctx, 'db'>, type: DocumentType): Promise<string> {
  const row = await q.findShopRow(ctx.db);
  return row?.documentNumberFormats[type] ?? DEFAULT_DOCUMENT_NUMBER_FORMATS[type];
}

const senderCache = new WeakMap<Config, TtlLruCache<string>>();

/** The sender of the shop's mails: the settings' one, else MAIL_FROM; read at most every SETTINGS_CACHE_MS. */
export function mailSender(ctx: Pick<Ctx, 'db' | 'config'>): Promise<string> {
  let cache = senderCache.get(ctx.config);
  if (!cache) {
    cache = new TtlLruCache<string>(1, SETTINGS_CACHE_MS);
    senderCache.set(ctx.config, cache);
  }
  return cache.getOrCompute(
    'sender',
    async () => (await q.findShopRow(ctx.db))?.mailFrom ?? ctx.config.mailFrom,
  );
}
