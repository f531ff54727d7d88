import type { SetupInput, SetupResult } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { randomToken, sha256 } from '../../lib/crypto';
import { ConflictError, ForbiddenError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { recordAudit } from '../audit/audit.service';
import { inviteStaff, mailInvitation } from '../users/staff-invite.service';
import * as q from './setup.queries';

/**
 * The first run (issue 18 point 2), one service for `npm run setup` and the /setup screen: on an
 * empty database it writes the shop, its reference data and the first super admin in one transaction.
 */

export const SHOP_ALREADY_SET_UP = 'The shop is already set up.';

type Reader = Pick<Ctx, 'db'>;

/** The Italian rates; 0% is the export's 'non imponibile' with its FatturaPA nature (SPEC §3 VAT). */
const VAT_RATES = [
  { rate: 2200, description: 'IVA 22%', nature: null },
  { rate: 1000, description: 'IVA 10%', nature: null },
  { rate: 400, description: 'IVA 4%', nature: null },
  { rate: 0, description: 'Non imponibile art. 8', nature: 'N3.1' },
];

/** Needed while the database has neither the shop's row nor a super admin. */
export async function isSetupNeeded(ctx: Reader): Promise<boolean> {
  return !(await q.hasShop(ctx.db)) && !(await q.hasSuperAdmin(ctx.db));
}

/**
 * At start-up with setup still needed: a fresh token for the /setup screen, kept as its hash so every
 * instance accepts it; null when the shop is set up.
 */
export async function issueSetupToken(ctx: Reader): Promise<string | null> {
  if (!(await isSetupNeeded(ctx))) return null;
  const token = randomToken();
  await q.insertSetupToken(ctx.db, sha256(token));
  return token;
}

/**
 * Who may use the /setup screen: the holder of a logged token while setup is needed. A set-up shop
 * answers 409 (GET /api/setup says so anyway); a wrong or missing token 403, whatever the reason.
 */
export async function assertSetupAllowed(ctx: Reader, token: string | undefined): Promise<void> {
  if (!(await isSetupNeeded(ctx))) throw new ConflictError(SHOP_ALREADY_SET_UP);
  if (!token || !(await q.setupTokenExists(ctx.db, sha256(token)))) throw new ForbiddenError();
}

/**
 * Creates the shop's data, VAT rates 22/10/4/0, EUR, the national and international shipping methods
 * (VAT 22%), the MAIN warehouse and the first super admin with a one-time link to set the password,
 * valid 7 days; audited, then the link is mailed. Refused (409) once the shop is set up.
 */
export async function setupShop(ctx: Ctx, input: SetupInput): Promise<SetupResult> {
  const invitation = await inTransaction(ctx, async (tx) => {
    await q.lockSetup(tx.db);
    if (!(await isSetupNeeded(tx))) throw new ConflictError(SHOP_ALREADY_SET_UP);
    const at = { createdAt: tx.now(), updatedAt: tx.now() };
    await q.insertShop(tx.db, {
      name: input.name,
      address: input.address,
      country: input.country,
      email: input.email,
      phone: input.phone,
      vatId: input.vat_id,
      ...at,
    });
    const vatRows = await q.insertVats(
      tx.db,
      VAT_RATES.map((v) => ({ ...v, ...at })),
    );
    const vat22 = vatRows.find((v) => v.rate === 2200)!.id;
    await q.insertCurrency(tx.db, { code: 'EUR', symbol: '€', description: 'Euro', ...at });
    await q.insertShippingMethods(tx.db, [
      {
        slug: 'national',
        code: 'NATIONAL',
        description: 'Spedizione nazionale',
        price: input.national_shipping_price,
        vatId: vat22,
        ...at,
      },
      {
        slug: 'international',
        code: 'INTERNATIONAL',
        description: 'Spedizione internazionale',
        price: input.international_shipping_price,
        vatId: vat22,
        ...at,
      },
    ]);
    await q.insertWarehouse(tx.db, {
      code: 'MAIN',
      description: 'Magazzino principale',
      managementType: 'standard',
      ...at,
    });
    const invited = await inviteStaff(tx, { email: input.admin_email, is_super_admin: true }).catch(
      (error: unknown) => {
        // The invitation names its field `email`; here the administrator's is `admin_email`.
        const taken = error instanceof ValidationError ? error.errors?.email?.[0] : undefined;
        throw taken ? ValidationError.field('admin_email', taken) : error;
      },
    );
    await recordAudit(tx, {
      action: 'setup',
      entity: 'user',
      entityId: invited.user.id,
      changes: {
        name: { to: input.name },
        country: { to: input.country },
        vat_id: { to: input.vat_id },
        admin_email: { to: invited.user.email },
      },
    });
    await q.deleteSetupTokens(tx.db);
    return invited;
  });
  try {
    await mailInvitation(ctx, invitation, input.name);
  } catch (error) {
    // The link is also answered to the operator: a mail failure does not undo the setup.
    ctx.log.error({ err: error }, 'the first administrator could not be mailed the set-password link');
  }
  return { admin_email: invitation.user.email, set_password_link: invitation.link };
}
