/**
 * The plan of a customer import (issue #33 item 1), computed from the sheet and today's customers without
 * writing anything; applying recomputes it and refuses if its fingerprint changed (as the product import).
 * Rules:
 * - columns are found by their header (accents and case ignored), the ones the export writes: Nombre is
 *   required; a column left out keeps the stored value;
 * - a row whose document (Tipo de documento + Documento, or a CUIT/DNI told by its length) a customer
 *   holds updates that customer; otherwise it creates one; a row without a document creates one unless a
 *   customer without a document has the same name (then it updates it);
 * - each row is validated with the customer schema (CUIT check digit included) and refused rows say why;
 * - Saldo is never imported (the balance is the ledger's); Cuenta corriente and Límite de crédito are.
 */
import { createHash } from 'node:crypto';
import { CUSTOMER_DOC_TYPE_LABELS, type CustomerDocType } from '../../../domain/customers';
import { fieldLabel } from '../../../domain/field-labels';
import { CONDICION_IVA_LABELS } from '../../../domain/invoicing/codes';
import { formatCents, toCents } from '../../../domain/money';
import { parseMoneyInput } from '../../../domain/money-input';
import { customerCreateBody, type CustomerCreateInput } from '../../../domain/schemas/customers';
import type { ImportChange, ImportPreviewDto, ImportRowDto } from '../../../domain/schemas/exports';
import { foldText } from '../../../domain/text';
import type { SheetCell } from '../products/sheet-reader';
import type { CustomerRow } from './dto';

const HEADERS = {
  docType: ['tipo de documento', 'tipo doc'],
  docNumber: ['documento', 'cuit', 'cuit/dni', 'dni'],
  name: ['nombre', 'razon social'],
  ivaConditionId: ['condicion iva', 'condicion frente al iva'],
  address: ['direccion', 'domicilio'],
  phone: ['telefono'],
  email: ['email', 'e-mail', 'correo'],
  notes: ['notas'],
  accountEnabled: ['cuenta corriente'],
  creditLimit: ['limite de credito'],
  active: ['activo'],
} as const;
type Field = keyof typeof HEADERS;

export type PlannedCustomer = ImportRowDto & { input?: CustomerCreateInput & { active: boolean }; customerId?: number };
export type CustomerPlan = Omit<ImportPreviewDto, 'rows'> & { rows: PlannedCustomer[] };

export function mapCustomerHeaders(header: SheetCell[]): { columns: Partial<Record<Field, number>>; missing: string[] } {
  const folded = header.map((h) => foldText(String(h ?? '')));
  const columns: Partial<Record<Field, number>> = {};
  for (const [field, names] of Object.entries(HEADERS) as [Field, readonly string[]][]) {
    const index = folded.findIndex((h) => names.includes(h));
    if (index >= 0) columns[field] = index;
  }
  return { columns, missing: columns.name === undefined ? ['Nombre'] : [] };
}

function textOf(cell: SheetCell): string {
  if (cell === null || cell === undefined) return '';
  const s = String(cell).trim();
  return /^'[=+\-@]/.test(s) ? s.slice(1) : s;
}

const byLabel = <K extends number>(labels: Record<K, string>, text: string): K | undefined => {
  const t = foldText(text);
  if (/^\d+$/.test(t) && Number(t) in labels) return Number(t) as K;
  const key = (Object.entries(labels) as [string, string][]).find(([, label]) => foldText(label) === t)?.[0];
  return key === undefined ? undefined : (Number(key) as K);
};

function readBool(cell: SheetCell): boolean | undefined | 'error' {
  if (typeof cell === 'boolean') return cell;
  const t = foldText(textOf(cell));
  if (['si', 's', 'true', '1', 'verdadero'].includes(t)) return true;
  if (['no', 'n', 'false', '0', 'falso'].includes(t)) return false;
  return t === '' ? undefined : 'error';
}

const yesNo = (v: boolean) => (v ? 'Sí' : 'No');
const docLabel = (type: number, number: string | null) => (number ? `${CUSTOMER_DOC_TYPE_LABELS[type as CustomerDocType] ?? type} ${number}` : '');

function stored(c: CustomerRow): Record<string, unknown> {
  return {
    docType: c.docType,
    docNumber: c.docNumber,
    name: c.name,
    ivaConditionId: c.ivaConditionId,
    address: c.address,
    phone: c.phone,
    email: c.email,
    notes: c.notes,
    accountEnabled: c.accountEnabled,
    creditLimit: c.creditLimitCents === null ? null : c.creditLimitCents / 100,
  };
}

function changesOf(c: CustomerRow, next: CustomerCreateInput & { active: boolean }): ImportChange[] {
  const money = (cents: number | null) => (cents === null ? 'Sin límite' : formatCents(cents));
  const pairs: [string, string, string, string][] = [
    ['docNumber', 'Documento', docLabel(c.docType, c.docNumber), docLabel(next.docType, next.docNumber)],
    ['name', 'Nombre', c.name, next.name],
    ['ivaConditionId', 'Condición IVA', CONDICION_IVA_LABELS[c.ivaConditionId as 1] ?? '', CONDICION_IVA_LABELS[next.ivaConditionId] ?? ''],
    ['address', 'Dirección', c.address ?? '', next.address ?? ''],
    ['phone', 'Teléfono', c.phone ?? '', next.phone ?? ''],
    ['email', 'Email', c.email ?? '', next.email ?? ''],
    ['notes', 'Notas', c.notes ?? '', next.notes ?? ''],
    ['accountEnabled', 'Cuenta corriente', yesNo(c.accountEnabled), yesNo(next.accountEnabled)],
    ['creditLimit', 'Límite de crédito', money(c.creditLimitCents), money(next.creditLimit === null ? null : toCents(next.creditLimit))],
    ['active', 'Activo', yesNo(c.active), yesNo(next.active)],
  ];
  return pairs.filter(([, , from, to]) => from !== to).map(([field, label, from, to]) => ({ field, label, from, to }));
}

export function buildCustomerPlan(rows: SheetCell[][], columns: Partial<Record<Field, number>>, existing: CustomerRow[]): CustomerPlan {
  const byDoc = new Map(existing.filter((c) => c.docNumber).map((c) => [`${c.docType}:${c.docNumber}`, c]));
  const byName = new Map(existing.filter((c) => !c.docNumber).map((c) => [foldText(c.name), c]));
  const seen = new Set<string>();
  const planned: PlannedCustomer[] = [];
  rows.slice(1).forEach((cells, i) => {
    if (cells.every((c) => textOf(c) === '')) return;
    const cell = (f: Field) => (columns[f] === undefined ? undefined : (cells[columns[f]!] ?? null));
    const errors: string[] = [];
    const raw: Record<string, unknown> = {};
    const docText = textOf(cell('docNumber') ?? null).replace(/[-\s.]/g, '');
    const typeCell = cell('docType');
    let docType: number | undefined = typeCell === undefined || textOf(typeCell) === '' ? undefined : byLabel(CUSTOMER_DOC_TYPE_LABELS, textOf(typeCell));
    if (typeCell !== undefined && textOf(typeCell) !== '' && docType === undefined) errors.push(`Tipo de documento: «${textOf(typeCell)}» no es CUIT, CUIL, DNI ni Sin identificar`);
    if (docType === undefined) docType = docText === '' ? 99 : docText.length === 11 ? 80 : 96;
    const key = docText ? `${docType}:${docText}` : `nombre:${foldText(textOf(cell('name') ?? null))}`;
    const match = docText ? byDoc.get(key) : byName.get(key.slice(7));
    Object.assign(raw, match ? stored(match) : {}, { docType, docNumber: docText || null });
    for (const field of ['name', 'address', 'phone', 'email', 'notes'] as const) {
      const c = cell(field);
      if (c !== undefined) raw[field] = textOf(c);
    }
    const iva = cell('ivaConditionId');
    if (iva !== undefined && textOf(iva) !== '') {
      const id = byLabel(CONDICION_IVA_LABELS, textOf(iva));
      if (id === undefined) errors.push(`Condición IVA: «${textOf(iva)}» no es una condición válida`);
      else raw.ivaConditionId = id;
    }
    const account = cell('accountEnabled');
    if (account !== undefined) {
      const v = readBool(account);
      if (v === 'error') errors.push('Cuenta corriente: debe ser Sí o No');
      else if (v !== undefined) raw.accountEnabled = v;
    }
    const limit = cell('creditLimit');
    if (limit !== undefined) {
      const parsed = typeof limit === 'number' ? { ok: true as const, cents: toCents(limit) } : parseMoneyInput(textOf(limit));
      if (!parsed.ok) errors.push(`Límite de crédito: ${parsed.message}`);
      else raw.creditLimit = parsed.cents === null ? null : parsed.cents / 100;
    }
    let active = match?.active ?? true;
    const activeCell = cell('active');
    if (activeCell !== undefined) {
      const v = readBool(activeCell);
      if (v === 'error') errors.push('Activo: debe ser Sí o No');
      else if (v !== undefined) active = v;
    }
    if (seen.has(key)) errors.push(docText ? `Documento: ${docText} aparece más de una vez en la planilla` : 'Nombre: aparece más de una vez en la planilla sin documento');
    seen.add(key);
    const parsed = customerCreateBody.safeParse(raw);
    if (!parsed.success) for (const issue of parsed.error.issues) errors.push(`${fieldLabel(issue.path)}: ${issue.message}`);
    const base = { row: i + 2, code: docText, name: String(raw.name ?? ''), changes: [] as ImportChange[] };
    if (errors.length > 0 || !parsed.success) return planned.push({ ...base, action: 'error', errors });
    const input = { ...parsed.data, active };
    if (!match) return planned.push({ ...base, action: 'create', errors, input });
    const changes = changesOf(match, input);
    planned.push({ ...base, action: changes.length ? 'update' : 'unchanged', changes, errors, input, customerId: match.id });
  });
  const count = (action: string) => planned.filter((r) => r.action === action).length;
  const shown = planned.map(({ input: _i, customerId: _c, ...dto }) => dto);
  return {
    rows: planned,
    creates: count('create'),
    updates: count('update'),
    unchanged: count('unchanged'),
    errors: count('error'),
    fingerprint: createHash('sha256').update(JSON.stringify(shown)).digest('hex'),
  };
}
