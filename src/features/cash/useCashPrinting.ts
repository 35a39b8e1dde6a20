/**
 * Printing the cash session's X or Z from the Caja dialog (issue #35, docs/printing.md). A device that
 * prints by itself (network through the server, WebUSB, Web Serial) sends the report's ESC/POS bytes the
 * same way as the POS tickets (counter-print.ts sendToPrinter: the encoder stays in its lazy chunk); a
 * failure opens the browser's dialog with the same report (CashTicket) and says why. In dialog mode the
 * browser's dialog opens as before. The Z prints by itself once, right after «Cerrar caja»: it first waits up to 8
 * seconds for the server's Z number (online the close is delivered at once), else prints it as pending.
 */
import { useState } from 'react';
import { db } from '../../offline/db';
import type { LocalCashSession } from '../../offline/cash-types';
import { warn } from '../pos/notify';
import { printsItself, sendToPrinter, usePrinter } from '../pos/printing/counter-print';
import { cashReportInput } from './cash-report';
import { printCashTicket } from './CashTicket';

/** How long a Z printed at close waits for the server's number before printing it as pending. */
const Z_NUMBER_WAIT_MS = 8000;

async function withZNumber(session: LocalCashSession): Promise<LocalCashSession> {
  const deadline = Date.now() + Z_NUMBER_WAIT_MS;
  for (;;) {
    const now = (await db.cashSessions.get(session.clientSessionId)) ?? session;
    if (now.zNumber !== null || Date.now() > deadline) return now;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function useCashPrinting(businessName: string) {
  const printer = usePrinter();
  const itself = printsItself(printer);
  const [printing, setPrinting] = useState(false);

  const print = async (session: LocalCashSession): Promise<void> => {
    if (!itself) return printCashTicket();
    setPrinting(true);
    try {
      const report = cashReportInput(session, businessName, new Date().toISOString());
      const failure = await sendToPrinter((jobs) => jobs.cashReportBytes(report, printer));
      if (!failure) return;
      warn(failure.dialog);
      printCashTicket();
    } finally {
      setPrinting(false);
    }
  };

  return {
    printing,
    /** «Imprimir X» / «Imprimir Z». */
    print: (session: LocalCashSession) => void print(session),
    /** After «Cerrar caja»: the Z on the device's printer (dialog mode prints only on «Imprimir Z»). */
    closed: async (session: LocalCashSession) => {
      if (itself) await print(await withZNumber(session));
    },
  };
}
