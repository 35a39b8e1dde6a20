/**
 * The ticket of a sale paid with Mercado Pago QR / Point at the counter (issue #34), printed the way a cash
 * sale's is: by the device's network printer when it prints by network and its policy is every ticket
 * (claimed once per sale, printing/counter-print.ts), else nothing by itself; «Imprimir ticket» reprints
 * it (network, or the browser's dialog with SaleReceipt). No drawer pulse: no cash changed hands.
 */
import { MSG } from '../../../../domain/messages';
import type { PrinterSettings } from '../../../../domain/schemas/printing';
import type { SaleJson } from '../../../../domain/schemas/sales';
import { claimPrint, printOnDevice } from '../printing/counter-print';
import { printReceipt } from '../Receipt';
import { warn } from '../notify';

type Business = Record<string, string | null> | null;

async function onNetwork(sale: SaleJson, business: Business, printer: PrinterSettings): Promise<void> {
  if (await printOnDevice((jobs) => jobs.saleTicketBytes(sale, business, printer))) return;
  warn(MSG.printerUnreachable);
  printReceipt();
}

/** Right after the payment: what prints by itself, once. */
export async function printPaidSale(sale: SaleJson, business: Business, printer: PrinterSettings): Promise<void> {
  if (printer.mode !== 'network' || printer.policy !== 'all') return;
  if (await claimPrint(`sale-${sale.id}`, 'ticket')) await onNetwork(sale, business, printer);
}

/** «Imprimir ticket» on the paid sale. */
export function reprintPaidSale(sale: SaleJson, business: Business, printer: PrinterSettings): void {
  if (printer.mode === 'network') void onNetwork(sale, business, printer);
  else printReceipt();
}
