/**
 * Pure rules of the customer file (issue #33 item 1), shared by the server and the counter:
 * the document types a customer may carry, how a document number is normalised and checked (the CUIT/CUIL
 * check digit: the ONE place that calls the document rules, so they can move without touching callers),
 * and the folded search text the server indexes and the tablet searches offline (one field: name,
 * CUIT/DNI or phone).
 */
import { CONDICIONES_CLASE_A, DOC_TIPOS, type CondicionIvaReceptor } from './invoicing/codes';
import { parseCuit } from './cuit';
import { documentProblem } from './invoicing/cuit';
import { digitsOnly, foldText } from './text';

/** Sizes the schemas enforce; here, without zod, so the counter's first chunk can read them too. */
export const CUSTOMER_LIMITS = { listMaxLimit: 200, pushMaxCustomers: 200, nameMax: 200 } as const;

/** ARCA document types of a customer: 80 CUIT, 86 CUIL, 96 DNI, 99 sin identificar (no number). */
export const CUSTOMER_DOC_TYPES = [DOC_TIPOS.cuit, DOC_TIPOS.cuil, DOC_TIPOS.dni, DOC_TIPOS.consumidorFinal] as const;
export type CustomerDocType = (typeof CUSTOMER_DOC_TYPES)[number];
export const CUSTOMER_DOC_TYPE_LABELS: Record<CustomerDocType, string> = { 80: 'CUIT', 86: 'CUIL', 96: 'DNI', 99: 'Sin identificar' };
/** A new customer without a document and without an IVA condition is a Consumidor Final. */
export const DEFAULT_CUSTOMER_DOC_TYPE: CustomerDocType = DOC_TIPOS.consumidorFinal;
export const DEFAULT_CUSTOMER_IVA_CONDITION: CondicionIvaReceptor = 5;

/** "20-12.345.678-6 " → "20123456786"; blank → null. Letters are kept so the check below can refuse them. */
export function normalizeDocNumber(value: string | null | undefined): string | null {
  const cleaned = (value ?? '').replace(/[-\s.]/g, '');
  return cleaned === '' ? null : cleaned;
}

/**
 * Spanish reason why a customer's document is wrong, or null: "sin identificar" carries no number; the
 * others need one, CUIT and CUIL with a right check digit. Conditions that receive a Factura A (IVA
 * Responsable Inscripto, monotributo) need a CUIT.
 */
export function customerDocumentProblem(docType: CustomerDocType, docNumber: string | null, ivaConditionId?: CondicionIvaReceptor): string | null {
  if (docType === DOC_TIPOS.consumidorFinal) {
    if (docNumber !== null) return 'Un cliente sin identificar no lleva número de documento; elegí CUIT, CUIL o DNI';
  } else {
    if (docNumber === null) return 'El número de documento es obligatorio';
    // The CUIT's check digit and its messages are domain/cuit.ts's (the same the registry lookup gives).
    const cuit = docType === DOC_TIPOS.cuit ? parseCuit(docNumber) : null;
    const problem = cuit && !cuit.ok ? cuit.message : documentProblem(docType, docNumber);
    if (problem) return problem;
  }
  if (ivaConditionId !== undefined && CONDICIONES_CLASE_A.includes(ivaConditionId) && docType !== DOC_TIPOS.cuit) {
    return 'Para esa condición frente al IVA el documento debe ser un CUIT';
  }
  return null;
}

/**
 * The text a customer is found by (customers.search_text on the server, the counter's offline index):
 * folded name, document number (digits), the phone as typed and its digits, and the e-mail.
 */
export function customerSearchText(fields: { name: string; docNumber?: string | null; phone?: string | null; email?: string | null }): string {
  const phoneDigits = digitsOnly(fields.phone);
  return foldText([fields.name, fields.docNumber, fields.phone, phoneDigits, fields.email].filter(Boolean).join(' '));
}

/**
 * The words of a search as the index holds them: folded, and a word made only of digits and separators
 * ("20-12345678-6", "4567-8901") reduced to its digits, so a CUIT or a phone typed with dashes is found.
 */
export function customerSearchWords(raw: string | null | undefined): string[] {
  const words = foldText(raw)
    .split(' ')
    .filter(Boolean)
    .map((w) => (/^[\d\-.()+/]+$/.test(w) && /\d/.test(w) ? digitsOnly(w) : w));
  return [...new Set(words)];
}

/** The customer file's Spanish messages (server replies and the counter). */
export const CUSTOMER_MSG = {
  notFound: 'Cliente no encontrado',
  created: 'Cliente creado',
  updated: 'Cliente actualizado',
  deactivated: 'Cliente desactivado',
  duplicateDocument: (name: string) => `Ya existe un cliente con ese documento: ${name}.`,
  accountAdminOnly: 'Solo un administrador puede habilitar la cuenta corriente, cambiar el límite de crédito o desactivar un cliente.',
  /** Review notes of a pushed sale whose customer could not be booked (the sale still lands). */
  saleCustomerUnknown: (ref: string) => `El cliente de la venta (${ref}) no existe en el servidor: la venta se registró sin cliente.`,
  saleCustomerInvalid: (reason: string) => `El cliente creado en el dispositivo no es válido (${reason}): la venta se registró sin cliente.`,
  importApplied: (created: number, updated: number) => `Importación aplicada: ${created} clientes creados, ${updated} actualizados`,
} as const;

/** The customer import's own messages (the sheet's reading errors are the product import's). */
export const CUSTOMER_IMPORT_MSG = {
  noRows: 'La planilla no tiene filas de clientes',
  changed: 'Los clientes o el archivo cambiaron desde la vista previa: revisá la vista previa de nuevo',
} as const;
