import {
  type Currency,
  type CurrencyInputSchema,
  messages,
  type Uom,
  type UomInputSchema,
  type Vat,
  type VatInputSchema,
} from '@shop/domain';
import type { z } from 'zod';
import type { uoms } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import * as w from './catalog-admin.queries';
import { writeWithCode } from './catalog-admin.service';

/**
 * Measurement units, VAT rates and currencies (SPEC §3, §7): small reference tables staff keep.
 * The public reads of VATs and currencies stay in the shop module.
 */

type Writer = Pick<Ctx, 'db'>;

const toUom = (u: typeof uoms.$inferSelect): Uom => ({
  id: u.id,
  code: u.code,
  description: u.description,
  conversion_ratio: u.conversionRatio,
});

export async function listUoms(ctx: Writer): Promise<Uom[]> {
  return (await w.listUoms(ctx.db)).map(toUom);
}

const uomValues = (input: z.output<typeof UomInputSchema>) => ({
  code: input.code,
  description: input.description,
  conversionRatio: input.conversion_ratio,
});

const refuseCode = async (ctx: Writer, table: 'uoms' | 'currencies', code: string, id?: number) => {
  if (await w.codeTaken(ctx.db, table, code, id)) throw ValidationError.field('code', messages.alreadyExist);
};

export function createUom(ctx: Writer, input: z.output<typeof UomInputSchema>): Promise<Uom> {
  return writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      await refuseCode(tx, 'uoms', input.code);
      return toUom(await w.insertUom(tx.db, uomValues(input)));
    }),
  );
}

export function updateUom(ctx: Writer, id: number, input: z.output<typeof UomInputSchema>): Promise<Uom> {
  return writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      await refuseCode(tx, 'uoms', input.code, id);
      const row = await w.updateUom(tx.db, id, uomValues(input));
      if (!row) throw new NotFoundError();
      return toUom(row);
    }),
  );
}

export async function createVat(ctx: Writer, input: z.output<typeof VatInputSchema>): Promise<Vat> {
  const row = await inTransaction(ctx, (tx) => w.insertVat(tx.db, input));
  return { id: row.id, rate: row.rate, description: row.description };
}

export async function updateVat(
  ctx: Writer,
  id: number,
  input: z.output<typeof VatInputSchema>,
): Promise<Vat> {
  const row = await inTransaction(ctx, (tx) => w.updateVat(tx.db, id, input));
  if (!row) throw new NotFoundError();
  return { id: row.id, rate: row.rate, description: row.description };
}

const toCurrency = (c: { id: number; code: string; symbol: string; description: string }): Currency => ({
  id: c.id,
  code: c.code,
  symbol: c.symbol,
  description: c.description,
});

export function createCurrency(ctx: Writer, input: z.output<typeof CurrencyInputSchema>): Promise<Currency> {
  return writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      await refuseCode(tx, 'currencies', input.code);
      return toCurrency(await w.insertCurrency(tx.db, input));
    }),
  );
}

export function updateCurrency(
  ctx: Writer,
  id: number,
  input: z.output<typeof CurrencyInputSchema>,
): Promise<Currency> {
  return writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      await refuseCode(tx, 'currencies', input.code, id);
      const row = await w.updateCurrency(tx.db, id, input);
      if (!row) throw new NotFoundError();
      return toCurrency(row);
    }),
  );
}
