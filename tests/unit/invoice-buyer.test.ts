/**
 * Issue #33: what each letter requires of the buyer (domain/invoicing/buyer.ts), the invoice form that asks
 * for it (src/features/invoices/invoice-form.ts: the same rule as the server), the "Condición de venta"
 * mapping and the issuer condition read from what a business stored.
 */
import { describe, expect, it } from 'vitest';
import { buyerDataProblem, buyerDataRequired, buyerText, saleCondition } from '../../domain/invoicing';
import { issuerTaxConditionOf } from '../../domain/schemas/business';
import { initialInvoiceForm, invoiceBody, invoiceFormErrors, withCondition } from '../../src/features/invoices/invoice-form';

describe('the buyer a letter requires', () => {
  it('a Factura A always needs name and address; B and C only at or above the threshold', () => {
    expect(buyerDataRequired(1, 100, 1_000)).toBe(true);
    expect(buyerDataRequired(6, 999, 1_000)).toBe(false);
    expect(buyerDataRequired(6, 1_000, 1_000)).toBe(true);
    expect(buyerDataRequired(11, 1_000, 1_000)).toBe(true);
    expect(buyerDataProblem(1, { name: ' ', address: 'Mitre 1' }, 100, 1_000)).toBe('Para emitir una Factura A falta el nombre o razón social del comprador');
    expect(buyerDataProblem(1, { name: 'Ana', address: null }, 100, 1_000)).toBe('Para emitir una Factura A falta el domicilio del comprador');
    expect(buyerDataProblem(6, { name: null, address: null }, 1_000, 1_000)).toBe('Para identificar al comprador desde el umbral falta el nombre o razón social del comprador');
    expect(buyerDataProblem(6, { name: null, address: null }, 999, 1_000)).toBeNull();
    expect(buyerDataProblem(1, { name: 'Ana', address: 'Mitre 1' }, 100, 1_000)).toBeNull();
    expect(buyerText('  Distribuidora   Sur  ')).toBe('Distribuidora Sur');
    expect(buyerText('   ')).toBeNull();
  });

  it('the invoice form asks for them before sending, and sends them', () => {
    const a = { ...withCondition('responsable_inscripto', initialInvoiceForm('responsable_inscripto'), 1), docNro: '30712345671' };
    expect(invoiceFormErrors(a, 121, 10_000_000)).toEqual({ name: 'Para emitir una Factura A falta el nombre o razón social del comprador' });
    expect(invoiceFormErrors({ ...a, name: 'Distribuidora Sur' }, 121, 10_000_000)).toEqual({ address: 'Para emitir una Factura A falta el domicilio del comprador' });
    const filled = { ...a, name: 'Distribuidora Sur', address: 'Av. Belgrano 1234' };
    expect(invoiceFormErrors(filled, 121, 10_000_000)).toEqual({});
    expect(invoiceBody(filled)).toEqual({
      tipo_comprobante: 1,
      documento_tipo: 80,
      documento_nro: 30712345671,
      condicion_iva_receptor: 1,
      receptor_nombre: 'Distribuidora Sur',
      receptor_domicilio: 'Av. Belgrano 1234',
    });
    // A consumidor final below the threshold needs none of it.
    expect(invoiceFormErrors(initialInvoiceForm('responsable_inscripto'), 121, 10_000_000)).toEqual({});
  });
});

describe('condición de venta and the issuer condition', () => {
  it('maps each payment method; an unknown one prints "Otra"', () => {
    expect(['efectivo', 'tarjeta', 'transferencia', 'mercadopago', 'cuenta_corriente', 'trueque'].map(saleCondition)).toEqual([
      'Contado - Efectivo',
      'Tarjeta de débito/crédito',
      'Transferencia bancaria',
      'Mercado Pago',
      'Cuenta corriente',
      'Otra',
    ]);
  });

  it('reads a stored condition: its code, or the labels typed before issue #33; anything else is none', () => {
    expect(['monotributo', 'Monotributo', 'Responsable Inscripto', 'IVA Responsable Inscripto', 'Exento', '', null, 'No Inscripto', 'IVA Responsable No Inscripto'].map(issuerTaxConditionOf)).toEqual([
      'monotributo',
      'monotributo',
      'responsable_inscripto',
      'responsable_inscripto',
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
