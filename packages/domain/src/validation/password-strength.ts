import { messages } from '../messages';

/** zxcvbn's score (0–4) a password needs: 3 means about 10^8 guesses or more ("safely unguessable"). */
export const PASSWORD_MIN_SCORE = 3;

/**
 * Only the first characters are scored: the estimate grows with the length, so a longer password has
 * enough guesses in these alone, while scoring 200 characters can take a second of CPU (an open door
 * for anyone who can POST /register).
 */
const CHECKED_LENGTH = 64;

type Estimate = { score: number; feedback: { warning: string | null } };
type Estimator = (password: string, userInputs: string[]) => Estimate;

let estimator: Promise<Estimator> | undefined;

/**
 * zxcvbn-ts with its common dictionary, built once on first use: the dictionaries weigh about 1 MB, so
 * they are imported dynamically and whoever imports @shop/domain without checking a password (and the
 * web outside its password forms) never loads them. Offline: nothing is fetched at run time.
 */
function loadEstimator(): Promise<Estimator> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => {
      const zxcvbn = new core.ZxcvbnFactory({
        dictionary: common.dictionary,
        graphs: common.adjacencyGraphs,
        maxLength: CHECKED_LENGTH,
      });
      return (password, userInputs) => zxcvbn.check(password, userInputs);
    },
    (error: unknown) => {
      estimator = undefined; // a failed chunk load in the browser can be retried
      throw error;
    },
  );
  return estimator;
}

const NOT_ALPHANUMERIC = /[^\p{L}\p{N}]+/gu;
/** Pairs of names are joined too ('mario.rossi', 'rossi-mario'), for at most this many names. */
const MAX_JOINED_NAMES = 8;
const NAME_SEPARATORS = ['', '.', '-', '_'];

/**
 * The words a password must not be built from: each input whole (lower-cased), the e-mail's local part,
 * each without its separators, their pieces, and every two names joined, so 'mario.rossi@example.com'
 * also gives 'mario.rossi', 'mariorossi', 'mario', 'rossi', 'example', 'rossimario' and 'rossi.mario'.
 * Pieces shorter than 3 characters are left out: they match by chance and say nothing about the user.
 */
export function passwordUserWords(userInputs: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  const names = new Set<string>();
  for (const input of userInputs) {
    const text = input?.trim().toLowerCase();
    if (!text) continue;
    const at = text.lastIndexOf('@');
    const local = at > 0 ? text.slice(0, at) : text;
    words.add(text).add(local).add(local.replace(NOT_ALPHANUMERIC, ''));
    for (const piece of text.split(NOT_ALPHANUMERIC)) if ([...piece].length >= 3) words.add(piece);
    for (const name of local.split(NOT_ALPHANUMERIC)) if ([...name].length >= 3) names.add(name);
  }
  const joinable = [...names].slice(0, MAX_JOINED_NAMES);
  for (const first of joinable) {
    for (const second of joinable) {
      if (first === second) continue;
      for (const separator of NAME_SEPARATORS) words.add(first + separator + second);
    }
  }
  return [...words];
}

function messageFor(warning: string | null): string {
  switch (warning) {
    case 'userInputs':
      return messages.passwordPersonal;
    case 'topTen':
    case 'topHundred':
    case 'common':
    case 'similarToCommon':
    case 'pwned':
      return messages.passwordCommon;
    case 'straightRow':
    case 'keyPattern':
      return messages.passwordKeyboardPattern;
    default:
      return messages.passwordGuessable;
  }
}

/**
 * Issue 17, on top of SPEC §5's composition rule: the message refusing a password that is common,
 * breached-style or built from the user's own e-mail or names (zxcvbn score below
 * PASSWORD_MIN_SCORE), or null when the password is hard enough to guess. `userInputs` are what the
 * caller knows of the account: e-mail, first name, last name, company name.
 */
export async function passwordWeakness(
  password: string,
  userInputs: readonly (string | null | undefined)[] = [],
): Promise<string | null> {
  const estimate = (await loadEstimator())(password, passwordUserWords(userInputs));
  return estimate.score >= PASSWORD_MIN_SCORE ? null : messageFor(estimate.feedback.warning);
}
