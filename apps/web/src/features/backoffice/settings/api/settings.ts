import type { Settings, SettingsInput } from '@shop/domain';
import { queryOptions } from '@tanstack/react-query';
import { getShopQueryOptions } from '../../../../api/get-shop';
import { api } from '../../../../lib/api-client';

/** The shop's settings (issue 18 point 3: GET and PUT /api/settings, administrators only). */
export const settingsKeys = {
  detail: ['bo', 'settings'] as const,
  /** What the storefront cached and the cart quotes: stale once the shop data or the fee change. */
  storefront: [getShopQueryOptions().queryKey, ['cart-quote']] as const,
};

export const getSettings = (signal?: AbortSignal) => api.get<Settings>('/api/settings', { signal });

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.detail, queryFn: ({ signal }) => getSettings(signal) });

export const saveSettings = (body: SettingsInput) => api.put<Settings>('/api/settings', body);
