import { describe, expect, it } from 'vitest';
import type { Actor } from './context';
import { enforcePolicy, type Policy, policies } from './policy';

const customer: Actor = {
  userId: 7,
  email: 'c@x.it',
  isSuperAdmin: false,
  customerId: 3,
  sessionId: 1,
  tokenId: null,
};
const admin: Actor = { ...customer, userId: 1, isSuperAdmin: true, customerId: null };

function outcome(policy: Policy | undefined, actor: Actor | null, params: Record<string, string> = {}) {
  try {
    enforcePolicy(policy, actor, params);
    return 'allowed';
  } catch (error) {
    return (error as { status: number }).status;
  }
}

describe('enforcePolicy', () => {
  it.each([
    ['no policy, admin', undefined, admin, {}, 403],
    ['public, anonymous', policies.public, null, {}, 'allowed'],
    ['authenticated, anonymous', policies.authenticated, null, {}, 401],
    ['authenticated, customer', policies.authenticated, customer, {}, 'allowed'],
    ['admin, customer', policies.admin, customer, {}, 403],
    ['admin, admin', policies.admin, admin, {}, 'allowed'],
    ['own customer', policies.ownCustomer(), customer, { id: '3' }, 'allowed'],
    ['another customer', policies.ownCustomer(), customer, { id: '4' }, 404],
    ['own user', policies.ownUser(), customer, { id: '7' }, 'allowed'],
    ['another user', policies.ownUser(), customer, { id: '1' }, 404],
    ['admin on any customer', policies.ownCustomer(), admin, { id: '4' }, 'allowed'],
  ] as const)('%s → %s', (_name, policy, actor, params, expected) => {
    expect(outcome(policy, actor, params)).toBe(expected);
  });
});
