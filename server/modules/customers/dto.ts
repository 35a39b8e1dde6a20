/**
 * Customer row → API shapes (decimal money). Sellers see names always; the document and e-mail only while
 * the admin lets them (privacidad/vendedores_ven_clientes): `forViewer` drops them from replies to a
 * seller, and the pull (a shared counter is a seller's) sends them as null.
 */
import type { CustomerDocType } from '../../../domain/customers';
import type { CondicionIvaReceptor } from '../../../domain/invoicing/codes';
import { fromCents } from '../../../domain/money';
import type { CustomerDto, PulledCustomer } from '../../../domain/schemas/customers';
import type { customers } from '../../db/schema';

export type CustomerRow = typeof customers.$inferSelect;
export type PullCustomerRow = Pick<
  CustomerRow,
  'id' | 'uuid' | 'docType' | 'docNumber' | 'name' | 'ivaConditionId' | 'address' | 'phone' | 'email' | 'accountEnabled' | 'creditLimitCents' | 'balanceCents' | 'active'
>;

export function toCustomerDto(row: CustomerRow): CustomerDto {
  return {
    id: row.id,
    uuid: row.uuid,
    docType: row.docType as CustomerDocType,
    docNumber: row.docNumber,
    name: row.name,
    ivaConditionId: row.ivaConditionId as CondicionIvaReceptor,
    address: row.address,
    phone: row.phone,
    email: row.email,
    notes: row.notes,
    accountEnabled: row.accountEnabled,
    creditLimit: row.creditLimitCents === null ? null : fromCents(row.creditLimitCents),
    balance: fromCents(row.balanceCents),
    active: row.active,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** What a viewer may read: a seller without permission gets no document nor e-mail. */
export function forViewer(dto: CustomerDto, showCustomerData: boolean): CustomerDto {
  if (showCustomerData) return dto;
  const { docNumber: _d, email: _e, ...rest } = dto;
  return rest;
}

export function toPulledCustomer(row: PullCustomerRow, showCustomerData: boolean): PulledCustomer {
  return {
    id: row.id,
    uuid: row.uuid,
    docType: row.docType as CustomerDocType,
    docNumber: showCustomerData ? row.docNumber : null,
    name: row.name,
    ivaConditionId: row.ivaConditionId as CondicionIvaReceptor,
    address: row.address,
    phone: row.phone,
    email: showCustomerData ? row.email : null,
    accountEnabled: row.accountEnabled,
    creditLimit: row.creditLimitCents === null ? null : fromCents(row.creditLimitCents),
    balance: fromCents(row.balanceCents),
    active: row.active,
  };
}
