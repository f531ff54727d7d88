import { z } from 'zod';

/** One of the account's signed-in browsers, as the profile lists them (issue 17 point 2). */
export const UserSessionSchema = z.object({
  id: z.number(),
  /** Read from the user agent: 'Firefox', 'Chrome'…; null when it says nothing recognisable. */
  browser: z.string().nullable(),
  /** 'Windows', 'macOS', 'Android'…; null when unknown. */
  os: z.string().nullable(),
  ip: z.string().nullable(),
  started_at: z.string(),
  last_seen_at: z.string(),
  /** The session this request comes from. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSessionSchema>;

export const SessionIdParamSchema = z.object({ sessionId: z.coerce.number().int().positive() });
