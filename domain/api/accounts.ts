/**
 * The cuenta corriente (issue #33 item 4): devices push the payments on account they took (device credential,
 * like POST /sync/push, once per client id); any signed-in user reads a customer's statement; the aging of
 * the whole book is for admins. Limits are edited on the customer (PUT /customers/:id, admin only).
 */
import { accountAgingJson, accountPaymentsPushBody, accountPaymentsPushReply, accountStatementJson } from '../schemas/accounts';
import { idParam } from '../schemas/common';
import { endpoint } from './endpoint';

export const accountsApi = {
  push: endpoint('POST /sync/account-payments', { body: accountPaymentsPushBody, reply: accountPaymentsPushReply }),
  statement: endpoint('GET /customers/:id/statement', { params: idParam, reply: accountStatementJson }),
  aging: endpoint('GET /accounts/aging', { reply: accountAgingJson }),
};
