import { api } from '../../../../lib/api-client';

/**
 * POST /api/backoffice/customers/{id}/users/{userId}/sign-in-as (issue 19 point 5): opens a storefront
 * session as the customer's user; the answer names where the browser goes next. Silent: the tab shows
 * a refusal (a disabled user, a missing permission).
 */
export const signInAs = (customerId: number, userId: number) =>
  api.post<{ redirect: string }>(
    `/api/backoffice/customers/${customerId}/users/${userId}/sign-in-as`,
    undefined,
    {
      silent: true,
    },
  );
