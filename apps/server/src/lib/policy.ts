import { type CustomerAbility, companyMessages, roleCan } from '@shop/domain';
import type { Actor } from './context';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from './errors';

/**
 * Who may call a route (DESIGN §5). Every route declares one in `config.policy`; a route without one
 * is refused, and a test lists every registered route to prove none is missing.
 *
 * Issue 19: a customer's user acts within his role. `ability` names what the route needs of him
 * (company-roles.ts); staff are not bound by it. `personal` routes (password, tokens, second factor,
 * sessions) are the user's own: refused to a staff member signed in as him.
 */
export type Policy =
  | { kind: 'public' }
  | { kind: 'authenticated'; ability?: CustomerAbility; personal?: true }
  | { kind: 'admin' }
  /** `params[param]` must be the caller's own user id; admins may act on anyone. */
  | { kind: 'own-user'; param: string; personal?: true }
  /** `params[param]` must be the caller's own customer id; admins may read any. */
  | { kind: 'own-customer'; param: string; ability: CustomerAbility }
  /**
   * The handler checks a secret of its own (GET /metrics: METRICS_TOKEN): no session or API token is
   * looked up, so the database is not touched, and there is no actor.
   */
  | { kind: 'own-secret' };

export const policies = {
  public: { kind: 'public' },
  authenticated: { kind: 'authenticated' },
  admin: { kind: 'admin' },
  ownSecret: { kind: 'own-secret' },
  /** Signed in, and for a customer's user a role with `ability`. */
  customerMay: (ability: CustomerAbility): Policy => ({ kind: 'authenticated', ability }),
  /** The signed-in user's own account: not while a staff member is signed in as him. */
  personal: { kind: 'authenticated', personal: true },
  ownUser: (param = 'id'): Policy => ({ kind: 'own-user', param, personal: true }),
  ownCustomer: (ability: CustomerAbility, param = 'id'): Policy => ({ kind: 'own-customer', param, ability }),
} as const satisfies Record<string, Policy | ((...args: never[]) => Policy)>;

/** How a route's policy reads in the route-policy snapshot: kind, then the ability or 'personal'. */
export function describePolicy(policy: Policy | undefined): string | undefined {
  if (!policy) return undefined;
  const ability = 'ability' in policy ? policy.ability : undefined;
  const personal = 'personal' in policy && policy.personal ? 'personal' : undefined;
  return [policy.kind, ability ?? personal].filter(Boolean).join(':');
}

/** Throws the error the caller should see, or returns when the policy lets the actor through. */
export function enforcePolicy(policy: Policy | undefined, actor: Actor | null, params: unknown): void {
  if (!policy) throw new ForbiddenError();
  if (policy.kind === 'public' || policy.kind === 'own-secret') return;
  if (!actor) throw new UnauthenticatedError();
  if ('personal' in policy && policy.personal && actor.impersonator) {
    throw new ForbiddenError(companyMessages.notWhileImpersonating);
  }
  if (actor.isSuperAdmin) return;
  if (policy.kind === 'admin') throw new ForbiddenError();
  if (policy.kind !== 'authenticated') {
    const value = Number((params as Record<string, unknown> | undefined)?.[policy.param]);
    const own = policy.kind === 'own-user' ? actor.userId : actor.customerId;
    // Another customer's id answers 404, so ids of other customers cannot be probed (DESIGN §5).
    if (own === null || value !== own) throw new NotFoundError();
  }
  const ability = 'ability' in policy ? policy.ability : undefined;
  if (ability && actor.customerRole && !roleCan(actor.customerRole, ability)) {
    throw new ForbiddenError(companyMessages.roleForbidden);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
    /** Writes authenticated by their own signature (payment or ERP callbacks) skip the CSRF check. */
    csrfExempt?: boolean;
  }
}
