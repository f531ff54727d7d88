import { describe, expect, it } from 'vitest';
import type { Actor } from './context';
import { enforcePolicy, type Policy, policies } from './policy';

const customer: Actor = {
  userId: 7,
  email: 'c@x.it',
  isSuperAdmin: false,
  customerId: 3,
  customerRole: 'admin',
  sessionId: 1,
  tokenId: null,
  impersonator: null,
};
const admin: Actor = { ...customer, userId: 1, isSuperAdmin: true, customerId: null, customerRole: null };
const viewer: Actor = { ...customer, customerRole: 'viewer' };
const buyer: Actor = { ...customer, customerRole: 'buyer' };
const impersonated: Actor = {
  ...customer,
  impersonator: { userId: 1, email: 'staff@x.it', until: new Date('2026-11-26T12:00:00Z') },
};

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
    ['own customer', policies.ownCustomer('read'), customer, { id: '3' }, 'allowed'],
    ['another customer', policies.ownCustomer('read'), customer, { id: '4' }, 404],
    ['own user', policies.ownUser(), customer, { id: '7' }, 'allowed'],
    ['another user', policies.ownUser(), customer, { id: '1' }, 404],
    ['admin on any customer', policies.ownCustomer('manage'), admin, { id: '4' }, 'allowed'],
    // Issue 19: the role's abilities; another customer is still 404 before the role is asked.
    ['viewer reads', policies.ownCustomer('read'), viewer, { id: '3' }, 'allowed'],
    ['viewer orders', policies.ownCustomer('order'), viewer, { id: '3' }, 403],
    ['viewer orders for another', policies.ownCustomer('order'), viewer, { id: '4' }, 404],
    ['viewer places an order', policies.customerMay('order'), viewer, {}, 403],
    ['buyer places an order', policies.customerMay('order'), buyer, {}, 'allowed'],
    ['buyer manages the team', policies.ownCustomer('manage'), buyer, { id: '3' }, 403],
    ['buyer approves', policies.ownCustomer('approve'), buyer, { id: '3' }, 403],
    ['staff orders for a customer', policies.customerMay('order'), admin, {}, 'allowed'],
    ['signed in as the customer: his password', policies.ownUser(), impersonated, { id: '7' }, 403],
    ['signed in as the customer: second factor', policies.personal, impersonated, {}, 403],
    [
      'signed in as the customer: his orders',
      policies.ownCustomer('order'),
      impersonated,
      { id: '3' },
      'allowed',
    ],
    // The handler checks its own secret (GET /metrics): the policy lets everyone reach it.
    ['own secret, anonymous', policies.ownSecret, null, {}, 'allowed'],
  ] as const)('%s → %s', (_name, policy, actor, params, expected) => {
    expect(outcome(policy, actor, params)).toBe(expected);
  });
});
