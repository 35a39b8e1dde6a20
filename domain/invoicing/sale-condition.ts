/** "Condición de venta" printed on invoices and credit notes (issue #33.4), from the sale's payment method. Pure. */

const SALE_CONDITIONS: Record<string, string> = {
  efectivo: 'Contado - Efectivo',
  tarjeta: 'Tarjeta de débito/crédito',
  transferencia: 'Transferencia bancaria',
  mercadopago: 'Mercado Pago',
  cuenta_corriente: 'Cuenta corriente',
};

/** The printed condition of a payment method ('Otra' for one this version does not know). */
export function saleCondition(paymentMethod: string): string {
  return SALE_CONDITIONS[paymentMethod] ?? 'Otra';
}
