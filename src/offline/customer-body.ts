/** A customer created at the counter as the server receives it (POST /sync/customers, or inside its sale). Pure. */
import type { PushedCustomer } from '../../domain/schemas/customers';
import type { LocalCustomer } from './db';

export function toPushedCustomer(row: LocalCustomer): PushedCustomer {
  return {
    uuid: row.uuid,
    docType: row.docType,
    docNumber: row.docNumber,
    name: row.name,
    ivaConditionId: row.ivaConditionId,
    address: row.address,
    phone: row.phone,
    email: row.email,
  };
}
