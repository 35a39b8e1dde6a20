/**
 * The ticket of a sale paid with Mercado Pago QR / Point at the counter (issue #34), printed the way a cash
 * sale's is: by the device's printer when it prints by itself (network, WebUSB, Web Serial) and its policy is every ticket
 * (claimed once per sale, printing/counter-print.ts), else nothing by itself; «Imprimir ticket» reprints
 * it (network, or the browser's dialog with SaleReceipt). No drawer pulse: no cash changed hands.
 */
import type { PrinterSettings } from '../../../../domain/schemas/printing';
import type { SaleJson } from '../../../../domain/schemas/sales';
import { claimPrint, printsItself, sendToPrinter } from '../printing/counter-print';
import { printReceipt } from '../Receipt';
import { warn } from '../notify';

type Business = Record<string, string | null> | null;

async function onPrinter(sale: SaleJson, business: Business, printer: PrinterSettings): Promise<void> {
  const failure = await sendToPrinter((jobs) => jobs.saleTicketBytes(sale, business, printer));
  if (!failure) return;
  warn(failure.dialog);
  printReceipt();
}

/** Right after the payment: what prints by itself, once. */
export async function printPaidSale(sale: SaleJson, business: Business, printer: PrinterSettings): Promise<void> {
  if (!printsItself(printer) || printer.policy !== 'all') return;
  if (await claimPrint(`sale-${sale.id}`, 'ticket')) await onPrinter(sale, business, printer);
}

/** «Imprimir ticket» on the paid sale. */
export function reprintPaidSale(sale: SaleJson, business: Business, printer: PrinterSettings): void {
  if (printsItself(printer)) void onPrinter(sale, business, printer);
  else printReceipt();
}
