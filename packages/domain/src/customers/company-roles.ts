/**
 * Issue 19: the fixed roles of a customer's users (no role editor). What each may do is an ability;
 * the server's access policies name the ability a route needs, the storefront hides what a role lacks.
 */
export const CUSTOMER_ROLES = ['admin', 'buyer', 'approver', 'viewer'] as const;
export type CustomerRole = (typeof CUSTOMER_ROLES)[number];

/**
 * read: orders, rows, documents and downloads; order: place and pay orders, request shipping, cancel
 * backorders (within the user's limits); approve: approve or reject orders over limits; manage: the
 * team, the limits, the customer's profile and addresses.
 */
export const CUSTOMER_ABILITIES = ['read', 'order', 'approve', 'manage'] as const;
export type CustomerAbility = (typeof CUSTOMER_ABILITIES)[number];

const abilities: Record<CustomerRole, readonly CustomerAbility[]> = {
  admin: ['read', 'order', 'approve', 'manage'],
  approver: ['read', 'order', 'approve'],
  buyer: ['read', 'order'],
  viewer: ['read'],
};

export function roleCan(role: CustomerRole, ability: CustomerAbility): boolean {
  return abilities[role].includes(ability);
}

/** Spending limits apply to the roles that order but do not manage the team. */
export function roleHasLimits(role: CustomerRole): boolean {
  return role === 'buyer' || role === 'approver';
}
