import { type CurrentUser, type CustomerAbility, roleCan } from '@shop/domain';
import { useCurrentUser } from '../api/get-current-user';

/**
 * Issue 19: whether the signed-in user's role allows an ability. Staff and visitors have no customer
 * role and are not limited here (the back office and the guest cart have their own rules); the server
 * refuses anyway what a role lacks, this only hides what would be refused.
 */
export function userCan(user: CurrentUser | null | undefined, ability: CustomerAbility): boolean {
  const role = user?.customer_role;
  return !role || roleCan(role, ability);
}

export function useCan(ability: CustomerAbility): boolean {
  return userCan(useCurrentUser().data, ability);
}
