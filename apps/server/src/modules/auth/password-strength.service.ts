import { passwordWeakness } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { getCustomer } from '../customers/customers.service';

/** What a path knows of the account: its names directly, or the customer to read them from. */
type Account = { email: string; customerId?: number | null; names?: (string | null | undefined)[] };

async function customerNames(ctx: Pick<Ctx, 'db'>, customerId: number) {
  try {
    const customer = await getCustomer(ctx, customerId);
    return [customer.firstname, customer.lastname, customer.company];
  } catch (error) {
    if (error instanceof NotFoundError) return []; // the caller reports the unknown customer itself
    throw error;
  }
}

/**
 * Issue 17, on top of SPEC §5's composition rule: refuses with 422 on `password` a password that is
 * common or built from the account's e-mail or names. Every path that sets a chosen password calls it
 * before changing anything; the demo seed does not, so the demo accounts keep their documented one.
 */
export async function assertPasswordNotGuessable(
  ctx: Pick<Ctx, 'db'>,
  password: string,
  account: Account,
): Promise<void> {
  const names = account.names ?? (account.customerId ? await customerNames(ctx, account.customerId) : []);
  const weakness = await passwordWeakness(password, [account.email, ...names]);
  if (weakness) throw ValidationError.field('password', weakness);
}
