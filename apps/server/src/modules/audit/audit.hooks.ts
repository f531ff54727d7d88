import type { AuditAction } from '@shop/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { NotFoundError } from '../../lib/errors';
import { recordAudit } from './audit.service';
import { AUDIT_TARGETS, type AuditTarget, type Snapshot } from './audit.targets';
import { changesBetween, changesOfInput } from './audit-changes';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DEFAULT_ACTION: Record<string, AuditAction> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/** The routes the trail covers: the back office's (admin policy), and a customer's own routes when an administrator calls them. */
export function auditedPolicy(route: Pick<RouteOptions, 'config'>): boolean {
  const kind = route.config?.policy?.kind;
  return kind === 'admin' || kind === 'own-customer';
}

type Pending = { target: AuditTarget; id: string | null; before: Snapshot | null };
const pending = new WeakMap<FastifyRequest, Pending>();

async function snapshot(
  request: FastifyRequest,
  target: AuditTarget,
  id: string | null,
): Promise<Snapshot | null> {
  if (!target.read || id === null) return null;
  try {
    return await target.read(request.ctx, id);
  } catch (error) {
    if (!(error instanceof NotFoundError)) request.log.warn({ err: error }, 'audit snapshot failed');
    return null;
  }
}

const paramOf = (request: FastifyRequest, name: string | undefined) => {
  const value = name ? (request.params as Record<string, unknown>)[name] : undefined;
  return value === undefined || value === null ? null : String(value);
};

/** The input of a write without a record to compare: its other path parameters and its JSON body. */
function inputOf(request: FastifyRequest, target: AuditTarget): Record<string, unknown> {
  const params = { ...(request.params as Record<string, unknown>) };
  if (target.param) delete params[target.param];
  const body = request.body;
  return {
    ...params,
    ...(body && typeof body === 'object' && !Array.isArray(body) ? body : body ? { body } : {}),
  };
}

function responseField(payload: unknown, field: string | undefined): string | null {
  if (!field || typeof payload !== 'string') return null;
  try {
    const value = (JSON.parse(payload) as Record<string, unknown>)[field];
    return value === undefined || value === null ? null : String(value);
  } catch {
    return null;
  }
}

async function record(request: FastifyRequest, payload: unknown, state: Pending) {
  const { target } = state;
  const method = request.method;
  const id = state.id ?? responseField(payload, target.responseId);
  const action = target.action ?? DEFAULT_ACTION[method] ?? 'update';
  let changes: ReturnType<typeof changesBetween>;
  if (target.read) {
    const after = method === 'DELETE' && action === 'delete' ? null : await snapshot(request, target, id);
    changes = changesBetween(state.before, after);
  } else {
    changes = changesOfInput(inputOf(request, target));
  }
  await recordAudit(request.ctx, { action, entity: target.entity, entityId: id ?? undefined, changes });
}

/** Writes that record their own entry while a staff member is signed in as a customer's user. */
const SELF_AUDITED_AS_STAFF = new Set(['POST /api/impersonation/end']);

/** The id of what a write created or changed, when its answer names one plainly (a placed order's number). */
function answerId(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  try {
    const answer = JSON.parse(payload) as { id?: unknown; order?: { orderNo?: unknown } } | null;
    const id = answer?.order?.orderNo ?? answer?.id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  } catch {
    return null;
  }
}

/**
 * Issue 19 point 5: every write a staff member makes while signed in as a customer's user, whatever its
 * policy, is an 'impersonation-action' naming him as actor and the customer's user as subject
 * (recordAudit's defaults), with the route as entity, its input (secrets redacted) and its HTTP status.
 * Refused and failed writes are recorded too, with their status: an attempt at what is not allowed
 * is as much part of the trail as a done change.
 */
function auditWritesAsStaff(route: RouteOptions, methods: string[]): void {
  const entity = `${methods[0]} ${route.url}`;
  if (SELF_AUDITED_AS_STAFF.has(entity)) return;
  const after = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.ctx?.actor?.impersonator) return payload;
    try {
      await recordAudit(request.ctx, {
        action: 'impersonation-action',
        entity,
        entityId: (reply.statusCode < 300 ? answerId(payload) : null) ?? undefined,
        changes: { ...changesOfInput(inputOf(request, { entity })), http_status: { to: reply.statusCode } },
      });
    } catch (error) {
      request.log.error({ err: error, url: route.url }, 'audit entry not recorded');
    }
    return payload;
  };
  route.onSend = [...[route.onSend ?? []].flat(), after];
}

/**
 * Records every back-office write in the audit log (issue 17 point 7) without a line in its handler:
 * each admin write route gets a preHandler that reads the record's state before the write and an
 * onSend that, for a 2xx, reads it again and appends who, what, which fields from → to and the IP.
 * The hooks are attached per route at registration, so no other route pays anything for them.
 *
 * The entry is appended after the write's own transaction has committed (the handler has returned),
 * not inside it: that needs no change to the 60 services, and a failed insert is logged rather than
 * turning a done change into a 500. The cost is that a crash between the two loses the entry.
 */
export function registerAuditTrail(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((m) => WRITES.has(m));
    if (methods.length === 0) return;
    auditWritesAsStaff(route, methods);
    if (!auditedPolicy(route)) return;
    const listed = AUDIT_TARGETS[`${methods[0]} ${route.url}`];
    if (listed && 'exempt' in listed) return;
    // An admin write nobody declared still leaves an entry with its input (the coverage test names it).
    const target: AuditTarget = listed ?? { entity: route.url, param: route.url.match(/:(\w+)/)?.[1] };

    const before = async (request: FastifyRequest) => {
      if (!request.ctx.actor?.isSuperAdmin) return;
      const id = target.id ?? paramOf(request, target.param);
      pending.set(request, { target, id, before: await snapshot(request, target, id) });
    };
    const after = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const state = pending.get(request);
      if (!state || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
      pending.delete(request);
      try {
        await record(request, payload, state);
      } catch (error) {
        request.log.error({ err: error, url: route.url }, 'audit entry not recorded');
      }
      return payload;
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), before];
    route.onSend = [...[route.onSend ?? []].flat(), after];
  });
}
