/**
 * The customer form's values (what the inputs hold, as text) and their check: the document with the
 * domain's rule (customerDocumentProblem: the CUIT check digit, the type the IVA condition needs), the rest
 * with the server's create schema (customerCreateBody); the credit limit read as an es-AR amount.
 */
import { customerDocumentProblem, normalizeDocNumber, type CustomerDocType } from '../../../domain/customers';
import type { CondicionIvaReceptor } from '../../../domain/invoicing/codes';
import { fromCents, formatMoney } from '../../../domain/money';
import { parseMoneyInput } from '../../../domain/money-input';
import { customerCreateBody, type CustomerCreateInput, type CustomerDto } from '../../../domain/schemas/customers';
import { checkWithSchema, type FieldErrors } from '../../ui/schema-form';

export interface CustomerValues {
  docType: string;
  docNumber: string;
  name: string;
  ivaConditionId: string;
  address: string;
  phone: string;
  email: string;
  notes: string;
  accountEnabled: boolean;
  creditLimit: string;
}

export type CustomerField = Exclude<keyof CustomerValues, 'accountEnabled'>;

export const EMPTY_CUSTOMER: CustomerValues = {
  docType: '96',
  docNumber: '',
  name: '',
  ivaConditionId: '5',
  address: '',
  phone: '',
  email: '',
  notes: '',
  accountEnabled: false,
  creditLimit: '',
};

export function customerValues(customer: CustomerDto | null): CustomerValues {
  if (!customer) return EMPTY_CUSTOMER;
  return {
    docType: String(customer.docType),
    docNumber: customer.docNumber ?? '',
    name: customer.name,
    ivaConditionId: String(customer.ivaConditionId),
    address: customer.address ?? '',
    phone: customer.phone ?? '',
    email: customer.email ?? '',
    notes: customer.notes ?? '',
    accountEnabled: customer.accountEnabled,
    creditLimit: customer.creditLimit === null ? '' : formatMoney(customer.creditLimit).replace(/^\$\s*/, ''),
  };
}

const SUBJECTS: Record<CustomerField, string> = {
  docType: 'El tipo de documento',
  docNumber: 'El documento',
  name: 'El nombre',
  ivaConditionId: 'La condición frente al IVA',
  address: 'El domicilio',
  phone: 'El teléfono',
  email: 'El email',
  notes: 'Las notas',
  creditLimit: 'El límite de crédito',
};

/** The create payload, or the errors to show under each field. `withAccount`: the admin's cuenta corriente fields. */
export function checkCustomer(values: CustomerValues, withAccount: boolean): { data: CustomerCreateInput; errors: null } | { data: null; errors: FieldErrors<CustomerField> } {
  const docType = Number(values.docType) as CustomerDocType;
  const docNumber = normalizeDocNumber(values.docNumber);
  const problem = customerDocumentProblem(docType, docNumber, Number(values.ivaConditionId) as CondicionIvaReceptor);
  if (problem) return { data: null, errors: { docNumber: problem } };
  let creditLimit: number | null = null;
  if (withAccount && values.creditLimit.trim()) {
    const parsed = parseMoneyInput(values.creditLimit);
    if (!parsed.ok) return { data: null, errors: { creditLimit: parsed.message } };
    creditLimit = parsed.cents === null ? null : fromCents(parsed.cents);
  }
  const input = {
    docType,
    docNumber,
    name: values.name,
    ivaConditionId: Number(values.ivaConditionId),
    address: values.address,
    phone: values.phone,
    email: values.email,
    notes: values.notes,
    ...(withAccount ? { accountEnabled: values.accountEnabled, creditLimit } : {}),
  };
  return checkWithSchema(customerCreateBody, input, SUBJECTS);
}
