/** SPEC §5: at least 8 characters with a number, an uppercase character and a special character. */
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordProblem = 'length' | 'number' | 'uppercase' | 'special';

/** Lists what a password lacks; an empty list means it satisfies SPEC §5. */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push('length');
  if (!/\p{Nd}/u.test(password)) problems.push('number');
  if (!/\p{Lu}/u.test(password)) problems.push('uppercase');
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) problems.push('special');
  return problems;
}

export function isStrongPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}
