import { z } from 'zod';

/** Trimmed, lower-cased e-mail: the username of SPEC §3. */
export const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/**
 * The largest value of a PostgreSQL `integer`, the type of every id, cents and quantity column: a
 * larger one is refused (422) before it reaches a query (issue 15).
 */
export const MAX_INTEGER = 2_147_483_647;
export const MAX_ID = MAX_INTEGER;
/** An id in a JSON body. */
export const IdSchema = z.number().int().positive().max(MAX_ID);
/** An id in a path or a query string, where it comes as text. */
export const IdTextSchema = z.coerce.number().int().positive().max(MAX_ID);
export const IdParamSchema = z.object({ id: IdTextSchema });

export const CountryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);

/** DESIGN §5 list envelope. */
export type Page<T> = { data: T[]; meta: { total: number; page: number; per_page: number } };

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
  });
}

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_INTEGER).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export const MessageSchema = z.object({ message: z.string() });
