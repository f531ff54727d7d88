import type { Actor } from './context';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from './errors';

/**
 * Who may call a route (DESIGN §5). Every route declares one in `config.policy`; a route without one
 * is refused, and a test lists every registered route to prove none is missing.
 */
export type Policy =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'admin' }
  /** `params[param]` must be the caller's own user id; admins may act on anyone. */
  | { kind: 'own-user'; param: string }
  /** `params[param]` must be the caller's own customer id; admins may read any. */
  | { kind: 'own-customer'; param: string };

export const policies = {
  public: { kind: 'public' },
  authenticated: { kind: 'authenticated' },
  admin: { kind: 'admin' },
  ownUser: (param = 'id'): Policy => ({ kind: 'own-user', param }),
  ownCustomer: (param = 'id'): Policy => ({ kind: 'own-customer', param }),
} as const satisfies Record<string, Policy | ((param?: string) => Policy)>;

/** Throws the error the caller should see, or returns when the policy lets the actor through. */
export function enforcePolicy(policy: Policy | undefined, actor: Actor | null, params: unknown): void {
  if (!policy) throw new ForbiddenError();
  if (policy.kind === 'public') return;
  if (!actor) throw new UnauthenticatedError();
  if (actor.isSuperAdmin || policy.kind === 'authenticated') return;
  if (policy.kind === 'admin') throw new ForbiddenError();
  const value = Number((params as Record<string, unknown> | undefined)?.[policy.param]);
  const own = policy.kind === 'own-user' ? actor.userId : actor.customerId;
  // Another customer's id answers 404, so ids of other customers cannot be probed (DESIGN §5).
  if (own === null || value !== own) throw new NotFoundError();
}

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
    /** Writes authenticated by their own signature (payment or ERP callbacks) skip the CSRF check. */
    csrfExempt?: boolean;
  }
}
