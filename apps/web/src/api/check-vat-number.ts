import type { VatCheckQuery, VatCheckResult } from '@shop/domain';
import { api } from '../lib/api-client';

/**
 * GET /api/vat-numbers/check ('My data' and the sign-up form): the checksum and, where reachable, VIES.
 * Silent: when the check itself fails the form simply shows no verdict, and the save checks again.
 */
export function checkVatNumberLive(query: VatCheckQuery, signal?: AbortSignal): Promise<VatCheckResult> {
  return api.get<VatCheckResult>('/api/vat-numbers/check', { query, signal, silent: true });
}
