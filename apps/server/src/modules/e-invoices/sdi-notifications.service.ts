import {
  type EInvoiceState,
  eInvoiceMessages,
  fillMessage,
  SDI_NOTIFICATION_TOLERANCE_SECONDS,
  type SdiNotification,
  type SdiNotificationAnswer,
  SdiNotificationSchema,
  type SdiNotificationType,
} from '@shop/domain';
import { isSignedBy } from '@shop/domain/erp-signature';
import type { Ctx } from '../../lib/context';
import { AppError, ConflictError, NotFoundError, UnauthenticatedError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { isUniqueViolation } from '../../lib/unique-violation';
import * as q from './e-invoices.queries';

/**
 * The SDI's answers about sent files (issue 21 point 4), signed exactly as the ERP's callbacks are
 * (docs/erp-protocol.md): HMAC-SHA256 with SDI_TOKEN of `<timestamp>.<raw body>` in X-Sdi-Signature,
 * the timestamp in X-Sdi-Timestamp within ±SDI_NOTIFICATION_TOLERANCE_SECONDS. A notification is applied
 * once, in one transaction; a refused one changes nothing and its id is not kept.
 */

export type SignedNotification = {
  rawBody: string;
  timestamp: string | undefined;
  signature: string | undefined;
};

/** RC: ricevuta di consegna; NS: notifica di scarto; MC: mancata consegna. */
const STATE_OF: Record<SdiNotificationType, EInvoiceState> = {
  RC: 'delivered',
  NS: 'rejected',
  MC: 'not_delivered',
};

const malformed = (errors?: Record<string, string[]>) =>
  new AppError(400, 'MALFORMED_NOTIFICATION', eInvoiceMessages.notificationMalformed, errors);

/** Why the signature does not hold (for the log only: the caller is told no more than 401), or null. */
function signatureProblem(token: string | undefined, now: Date, signed: SignedNotification): string | null {
  if (!token) return 'SDI_TOKEN is not set';
  if (!signed.timestamp || !signed.signature) return 'signature headers missing';
  const timestamp = /^\d{1,12}$/.test(signed.timestamp) ? Number(signed.timestamp) : Number.NaN;
  if (!(Math.abs(now.getTime() / 1000 - timestamp) <= SDI_NOTIFICATION_TOLERANCE_SECONDS))
    return `timestamp ${signed.timestamp} outside ±${SDI_NOTIFICATION_TOLERANCE_SECONDS} s`;
  if (!isSignedBy(token, timestamp, signed.rawBody, signed.signature)) return 'signature mismatch';
  return null;
}

function parse(rawBody: string): SdiNotification {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw malformed();
  }
  const parsed = SdiNotificationSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  throw malformed(errors);
}

/**
 * POST /api/sdi/notifications: 401 unless signed (checked before the body is read), 400 for a body
 * that is not a notification, then in one transaction the id recorded (401 when already received, as
 * for the ERP) and the file's state set: RC delivered, NS rejected with the SDI's errors ('code:
 * description'), MC not delivered. 404 for an unknown file name, 409 for a file that was not sent.
 */
export async function receiveSdiNotification(
  ctx: Ctx,
  signed: SignedNotification,
): Promise<SdiNotificationAnswer> {
  const refuse = (error: AppError, reason = error.message) => {
    ctx.log.warn({ status: error.status, reason }, 'SDI notification refused');
    return error;
  };
  const problem = signatureProblem(ctx.config.sdi.token, ctx.now(), signed);
  if (problem) throw refuse(new UnauthenticatedError(eInvoiceMessages.notificationUnsigned), problem);
  try {
    const notification = parse(signed.rawBody);
    return await inTransaction({ ...ctx, actor: null }, async (tx) => {
      const file = await q.lockEInvoice(tx.db, { fileName: notification.file_name });
      if (!file)
        throw new NotFoundError(
          fillMessage(eInvoiceMessages.notificationFileNotFound, { file_name: notification.file_name }),
        );
      try {
        await q.insertNotification(tx.db, {
          id: notification.id,
          eInvoiceId: file.id,
          type: notification.type,
          receivedAt: tx.now(),
        });
      } catch (error) {
        // The id is the primary key: a replay, or the same notification racing itself, loses here.
        if (isUniqueViolation(error)) throw new UnauthenticatedError(eInvoiceMessages.notificationReplayed);
        throw error;
      }
      if (file.state !== 'sent')
        throw new ConflictError(
          fillMessage(eInvoiceMessages.notificationNotSent, { file_name: file.fileName, state: file.state }),
        );
      const state = STATE_OF[notification.type];
      await q.updateEInvoice(tx.db, file.id, {
        state,
        notifiedAt: tx.now(),
        sdiId: notification.sdi_id ?? file.sdiId,
        errors:
          notification.type === 'NS'
            ? (notification.errors ?? []).map((e) => `${e.code}: ${e.description}`)
            : file.errors,
      });
      return { received: notification.id, file_name: file.fileName, state };
    });
  } catch (error) {
    if (error instanceof AppError) throw refuse(error);
    throw error;
  }
}
