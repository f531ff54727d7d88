/**
 * Whether a database error is a unique-index violation (SQLSTATE 23505), optionally of one index:
 * check-then-insert races, so a write that loses still answers 'already exist' and not a 500.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const constraint = e?.constraint ?? e?.cause?.constraint;
  return code === '23505' && (index === undefined || constraint === index);
}
