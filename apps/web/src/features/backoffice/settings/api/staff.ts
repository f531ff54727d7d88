import type { InviteStaffInput, StaffMember } from '@shop/domain';
import { api } from '../../../../lib/api-client';

/** The back office's staff (issue 18 point 4): GET, POST /api/staff and the per-member actions. */
export const staffKeys = { list: ['bo', 'staff'] as const };

export const listStaff = async (signal?: AbortSignal) =>
  (await api.get<{ data: StaffMember[] }>('/api/staff', { signal })).data;

/** A taken or invalid e-mail (422) goes on the invitation's field. */
export const inviteStaff = (body: InviteStaffInput) => api.post<StaffMember>('/api/staff', body);

export type StaffAction = 'disable' | 'enable' | 'reset-two-factor';

/** Silent: a refusal (the last active super admin, one's own account) is shown on the page. */
export const runStaffAction = (id: number, action: StaffAction) =>
  action === 'reset-two-factor'
    ? api.delete<StaffMember>(`/api/staff/${id}/two-factor`, { silent: true })
    : api.post<StaffMember>(`/api/staff/${id}/${action}`, undefined, { silent: true });
