import type {
  AdminCampaign,
  CampaignInput,
  CampaignRow,
  CampaignRowsInput,
  CampaignRowsWritten,
  Page,
} from '@shop/domain';
import { api } from '../../../../lib/api-client';
import type { ListParams } from '../../scaffold/use-list-params';

/**
 * The back office's campaign calls (SPEC §7): the admin reads under /api/backoffice/campaigns (the
 * storefront's GET /api/campaigns lists running campaigns only), POST /api/campaigns, PUT
 * /api/campaign/{id}, POST /api/campaigns/{id}/rows, DELETE /api/campaign-rows/{id}/delete.
 */
export const campaignKeys = {
  list: ['bo', 'campaigns'] as const,
  detail: (id: string) => ['bo', 'campaign', id] as const,
  rows: (id: number) => ['bo', 'campaign', id, 'rows'] as const,
};

export const listCampaigns = (params: ListParams, signal?: AbortSignal) =>
  api.get<Page<AdminCampaign>>('/api/backoffice/campaigns', { query: params, signal });

export const getCampaign = (id: string, signal?: AbortSignal) =>
  api.get<AdminCampaign>(`/api/backoffice/campaigns/${id}`, { signal });

export const saveCampaign = (id: number | undefined, body: CampaignInput) =>
  id ? api.put<AdminCampaign>(`/api/campaign/${id}`, body) : api.post<AdminCampaign>('/api/campaigns', body);

export const listCampaignRows = (id: number, params: ListParams, signal?: AbortSignal) =>
  api.get<Page<CampaignRow>>(`/api/backoffice/campaigns/${id}/rows`, { query: params, signal });

export const addCampaignRows = (id: number, body: CampaignRowsInput) =>
  api.post<CampaignRowsWritten>(`/api/campaigns/${id}/rows`, body);

export const deleteCampaignRow = (rowId: number) => api.delete<void>(`/api/campaign-rows/${rowId}/delete`);
