/**
 * A sale on cuenta corriente (issue #33 item 4), inside the sale's ledger write (sales/ledger-write.ts):
 * - Online (POST /sales) it needs a customer with an account: refused otherwise, in Spanish.
 * - Captured (a device's push) it is a fact: never refused. With a customer, it is charged even when the
 *   account was disabled meanwhile or the limit is passed, and the sale carries a review note saying so;
 *   without one (an unknown customer) it lands unpaid-for on no account, with a note for the owner.
 * - Charged once: the sale is written once (clientSaleId), and customer_movements_sale_uq allows one
 *   'sale' movement per sale.
 * - Over the limit: the balance after the sale is above a set limit (domain/account.ts overLimit); the
 *   movement keeps `over_limit` for the back office's list.
 */
import { ACCOUNT_MSG, overLimit } from '../../../domain/account';
import type { Q } from '../../db/store';
import { badRequest } from '../../http/errors';
import type { SalePolicy } from '../sales/ledger-write';
import { accountLedgerRepository } from './ledger-repository';

export interface AccountCharge {
  customerId: number | null;
  amountCents: number;
  overLimit: boolean;
  /** Balance after the sale (null: no customer to charge). */
  balanceCents: number | null;
  /** Why the owner should look at the sale, or null. */
  note: string | null;
}

export const saleOnAccount = {
  async check(tx: Q, customerId: number | null, amountCents: number, policy: SalePolicy): Promise<AccountCharge> {
    const account = customerId === null ? undefined : await accountLedgerRepository.lockedAccount(tx, customerId);
    if (policy === 'online') {
      if (!account) throw badRequest(customerId === null ? ACCOUNT_MSG.noCustomer : ACCOUNT_MSG.unknownCustomer);
      if (!account.accountEnabled) throw badRequest(ACCOUNT_MSG.noAccount);
    }
    if (!account) return { customerId: null, amountCents, overLimit: false, balanceCents: null, note: ACCOUNT_MSG.noCustomerNote };
    const after = account.balanceCents + amountCents;
    const over = overLimit(after, account.creditLimitCents);
    const notes = [
      account.accountEnabled ? null : ACCOUNT_MSG.disabledNote(account.name),
      over ? ACCOUNT_MSG.overLimitNote(after, account.creditLimitCents ?? 0) : null,
    ].filter((n): n is string => n !== null);
    return { customerId: account.id, amountCents, overLimit: over, balanceCents: after, note: notes.length ? notes.join('\n') : null };
  },

  async charge(tx: Q, charge: AccountCharge, sale: { saleId: number; occurredAt: string; deviceId: string | null; userId: number }): Promise<void> {
    if (charge.customerId === null) return;
    await accountLedgerRepository.apply(tx, {
      customerId: charge.customerId,
      kind: 'sale',
      amountCents: charge.amountCents,
      saleId: sale.saleId,
      deviceId: sale.deviceId,
      userId: sale.userId,
      overLimit: charge.overLimit,
      occurredAt: sale.occurredAt,
    });
  },
};
