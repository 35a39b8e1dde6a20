/**
 * The «Comprobante de devolución» as ESC/POS bytes for the device's network printer (docs/printing.md). Its
 * own lazy chunk (the encoder weighs ~100 kB): the counter's return dialog imports it only when it prints.
 */
import { encodeEscPos } from '../../../../domain/printing/escpos';
import { returnSlipLayout, type ReturnSlipInput } from '../../../../domain/printing/return-slip';
import type { PrinterSettings } from '../../../../domain/schemas/printing';

export function returnSlipBytes(input: ReturnSlipInput, roll: Pick<PrinterSettings, 'width' | 'qr'>): Uint8Array {
  return encodeEscPos(returnSlipLayout(input, roll.width), { qr: roll.qr, drawer: false });
}
