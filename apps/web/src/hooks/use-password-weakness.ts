import { isStrongPassword, passwordWeakness } from '@shop/domain';
import { useEffect, useState } from 'react';

/** The pause in typing before the password is checked. */
const PAUSE_MS = 300;

/**
 * Issue 17's verdict on a new password as it is typed, for the hint under the field: the domain's
 * refusal message, or null. It runs once the password meets SPEC §5's composition rule and the typing
 * pauses; the first check loads the dictionaries (a chunk of their own, fetched only by password
 * forms). The server checks again on submit, so a failed load just leaves the verdict to it.
 */
export function usePasswordWeakness(
  password: string,
  userInputs: readonly (string | null | undefined)[] = [],
): string | null {
  const [verdict, setVerdict] = useState<{ password: string; message: string | null }>();
  const inputs = userInputs.filter(Boolean).join('\n');
  useEffect(() => {
    if (!isStrongPassword(password)) return;
    let current = true;
    const timer = setTimeout(() => {
      passwordWeakness(password, inputs.split('\n')).then(
        (message) => current && setVerdict({ password, message }),
        () => {},
      );
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, inputs]);
  return verdict?.password === password ? verdict.message : null;
}
