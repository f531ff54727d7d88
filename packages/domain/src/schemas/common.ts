import { z } from 'zod';

/** Trimmed, lower-cased e-mail: the username of SPEC §3. */
export const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** Ids are PostgreSQL `integer`s: a larger one is refused (422) before it reaches a query. */
export const MAX_ID = 2_147_483_647;
export const IdParamSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

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
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export const MessageSchema = z.object({ message: z.string() });
