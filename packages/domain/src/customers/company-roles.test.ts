import { describe, expect, it } from 'vitest';
import { CUSTOMER_ABILITIES, CUSTOMER_ROLES, roleCan, roleHasLimits } from './company-roles';

describe('company roles (issue 19 point 2)', () => {
  it('grants each role its documented abilities', () => {
    const matrix = Object.fromEntries(
      CUSTOMER_ROLES.map((role) => [role, CUSTOMER_ABILITIES.filter((a) => roleCan(role, a))]),
    );
    expect(matrix).toEqual({
      admin: ['read', 'order', 'approve', 'manage'],
      buyer: ['read', 'order'],
      approver: ['read', 'order', 'approve'],
      viewer: ['read'],
    });
  });

  it('gives spending limits to the roles that order without managing the team', () => {
    expect(CUSTOMER_ROLES.filter(roleHasLimits)).toEqual(['buyer', 'approver']);
  });
});
