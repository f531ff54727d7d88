/** SPEC §5 / DESIGN §2: VIES answers whether an EU VAT number is registered and active. */
export type ViesAnswer = 'valid' | 'invalid' | 'unavailable';

/** VIES's own wait is long; a form's check and a save must not hang on it. */
export const VIES_TIMEOUT_MS = 3000;

/**
 * Asks VIES's REST API (`{baseUrl}/ms/{countryCode}/vat/{number}`) about a VAT number. Anything but
 * a clear yes or no — VIES off (no URL), unreachable, slow, busy or a member state's service down — is
 * 'unavailable', and the caller trusts the checksum.
 */
export async function askVies(
  baseUrl: string,
  countryCode: string,
  number: string,
  timeoutMs = VIES_TIMEOUT_MS,
): Promise<ViesAnswer> {
  if (!baseUrl) return 'unavailable';
  const url = `${baseUrl}/ms/${encodeURIComponent(countryCode)}/vat/${encodeURIComponent(number)}`;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return 'unavailable';
    const body = (await response.json()) as { isValid?: unknown; userError?: unknown };
    if (body.isValid === true) return 'valid';
    // MS_UNAVAILABLE, TIMEOUT, *_MAX_CONCURRENT_REQ … say nothing about the number.
    if (body.isValid === false && (body.userError === 'INVALID' || body.userError === 'INVALID_INPUT')) {
      return 'invalid';
    }
    return 'unavailable';
  } catch {
    return 'unavailable';
  }
}
