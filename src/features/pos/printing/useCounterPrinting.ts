/**
 * The counter's printing when its device prints by itself (issue #35, docs/printing.md): by network through the
 * server, or by WebUSB / Web Serial from the tablet (counter-print.ts chooses the transport). On confirm the
 * ticket prints once (every ticket, only invoices, or none: per the device's setting) with the drawer's
 * pulse first on a cash sale when configured; an invoice that arrives later prints once when it arrives
 * (or, with "ask", the cashier is told to tap «Imprimir factura»); reprints on a tap; «Abrir cajón» sends
 * the bare pulse and, when it went out, logs the opening in the open cash session (none open: nothing to
 * log it against, the cashier is told so). When the printer cannot be reached (or the tablet's printer
 * fails) the same document opens in the browser's print dialog and the cashier reads why.
 * In dialog mode none of this runs: PosPage keeps the browser dialog as it was.
 */
import { useEffect, useState } from 'react';
import { MSG } from '../../../../domain/messages';
import { recordDrawerOpen } from '../../../offline/cash';
import type { CashPerson } from '../../../offline/cash-types';
import { db, type OutboxEntry } from '../../../offline/db';
import { printReceipt } from '../Receipt';
import { success, warn } from '../notify';
import { awaitInvoice, claimPrint, printsItself, sendToPrinter, stopAwaiting, useAwaitedInvoices, usePrinter } from './counter-print';

type Business = Record<string, string | null> | null;

interface Options {
  lastSale: OutboxEntry | undefined;
  business: Business;
  issuer: { startOfActivities: string | null; iibb: string | null };
  /** The browser dialog's fiscal ticket (CounterInvoicePrint). */
  invoiceDialog: (entry: OutboxEntry) => void;
}

const authorised = (entry: OutboxEntry) => entry.invoice?.status === 'autorizada';

/** The sale synced or was refused without an authorised invoice, and no CAEA numbering is pending for it. */
function invoiceWillNotCome(entry: OutboxEntry): boolean {
  if (entry.status === 'rejected') return true;
  const held = entry.invoiceRequest?.hold && !entry.invoiceRequest.hold.released && !entry.invoiceRequest.caea;
  return entry.status === 'synced' && !held;
}

export function useCounterPrinting({ lastSale, business, issuer, invoiceDialog }: Options) {
  const printer = usePrinter();
  const itself = printsItself(printer);
  const awaited = useAwaitedInvoices();
  // A ticket to print in the dialog once the Receipt shows that sale (the last sale renders deferred).
  const [ticketDialog, setTicketDialog] = useState<string | null>(null);

  useEffect(() => {
    if (ticketDialog && lastSale?.clientSaleId === ticketDialog) {
      setTicketDialog(null);
      printReceipt();
    }
  }, [ticketDialog, lastSale]);

  const ticket = async (entry: OutboxEntry, drawer: boolean) => {
    const failure = await sendToPrinter((jobs) => jobs.ticketBytes(entry, business, printer, drawer));
    if (!failure) return;
    warn(failure.dialog);
    if (lastSale?.clientSaleId === entry.clientSaleId) printReceipt();
    else setTicketDialog(entry.clientSaleId);
  };

  const invoice = async (entry: OutboxEntry, drawer: boolean) => {
    const products = await db.products.bulkGet(entry.items.map((item) => item.productId));
    const rates = new Map(products.flatMap((p) => (p?.ivaRate === undefined ? [] : [[p.id, p.ivaRate] as const])));
    const failure = await sendToPrinter((jobs) => jobs.invoiceBytes(entry, entry.invoice!, business, issuer, rates, printer, drawer));
    if (!failure) return;
    warn(failure.dialog);
    invoiceDialog(entry);
  };

  const kick = async () => {
    const failure = await sendToPrinter((jobs) => jobs.drawerKick());
    if (failure) {
      warn(failure.drawer);
      return false;
    }
    return true;
  };

  // Invoices awaited for printing: printed once as each arrives, or dropped when it cannot come.
  useEffect(() => {
    if (!itself || !awaited) return;
    for (const entry of awaited) {
      if (authorised(entry)) {
        if (printer.policy === 'ask') {
          void stopAwaiting(entry.clientSaleId).then(() => warn(MSG.invoiceReadyToPrint));
        } else {
          void claimPrint(entry.clientSaleId, 'invoice').then(async (mine) => {
            if (mine) await invoice(entry, false);
          });
        }
      } else if (invoiceWillNotCome(entry)) void stopAwaiting(entry.clientSaleId);
    }
    // The list changes when an awaited entry changes; the settings and business are read as they are then.
  }, [awaited, itself]);

  /** After "Confirmar Venta" (network, WebUSB and Web Serial modes): what prints by itself, once. */
  const confirmed = async (entry: OutboxEntry) => {
    const drawer = printer.drawer && entry.paymentMethod === 'efectivo';
    if (entry.invoiceRequest) {
      if (authorised(entry) && printer.policy !== 'ask') {
        if (await claimPrint(entry.clientSaleId, 'invoice')) await invoice(entry, drawer);
        return;
      }
      if (drawer) void kick();
      if (!authorised(entry)) await awaitInvoice(entry.clientSaleId);
      return;
    }
    if (printer.policy === 'all') {
      if (await claimPrint(entry.clientSaleId, 'ticket')) await ticket(entry, drawer);
    } else if (drawer) await kick();
  };

  return {
    /** The device prints by itself (network, WebUSB, Web Serial): PosPage leaves the dialog alone. */
    printsItself: itself,
    confirmed,
    /** «Imprimir ticket» / «Imprimir factura»: a reprint on request (never claimed). */
    printTicket: (entry: OutboxEntry) => (itself ? void ticket(entry, false) : printReceipt()),
    printInvoice: (entry: OutboxEntry) => (itself ? void invoice(entry, false) : invoiceDialog(entry)),
    /** «Abrir cajón» pressed by `by`: the pulse, then the opening logged in the open cash session. */
    openDrawer: async (by: CashPerson | null) => {
      if (!itself) return warn(MSG.drawerNeedsNetwork);
      if (!(await kick())) return;
      const logged = by !== null && (await recordDrawerOpen(by).catch(() => false));
      success(logged ? MSG.drawerOpened : MSG.drawerOpenedNotLogged);
    },
  };
}
