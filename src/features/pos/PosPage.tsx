/**
 * Punto de Venta (/pos, docs/spec.md §2–§5). Everything it shows comes from the device's local store, so it
 * works with no network: products (in-memory index over Dexie), the persisted cart, and the outbox.
 * A confirmed sale goes through the outbox and the sync engine pushes it at once when it can.
 * A sale with an invoice (issue #11) prints its fiscal ticket with no extra step: at once when numbered
 * offline with CAEA, as soon as the push result brings the authorised invoice, or when the device numbers
 * a held request with CAEA because the server did not answer in time (issue #33.5).
 * A device set to print by network, WebUSB or Web Serial (issue #35) prints by itself instead, once per sale and job,
 * with the drawer's pulse on cash sales and «Abrir cajón» (printing/useCounterPrinting.ts).
 * A sale paid with Mercado Pago QR / Point (issue #34) was recorded by the server, not the outbox: it
 * becomes the last sale shown (mercadopago/PaidSale.tsx) and its ticket prints like a cash sale's
 * (mercadopago/paid-sale.ts) until the next sale at this counter.
 * «Devolución» (returns/, issue #35 item 6) takes a return at the counter with a printed slip; online only.
 * Performance marks: `confirm-start` when "Confirmar Venta" is pressed, `confirm-end` when the emptied
 * cart has rendered (measure `pos-confirm`). The cart empties in the render right after captureSale
 * resolved (its transaction, which cleared the stored cart, committed), without waiting for the cart's
 * live query to read it back; a scanned or tapped product shows in the cart in the input's own task
 * (useCart.ts).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { MSG } from '../../../domain/messages';
import { MP_COUNTER_MSG } from '../../../domain/messages-payments';
import type { SaleJson } from '../../../domain/schemas/sales';
import { formatCents } from '../../../domain/money';
import { useAuth } from '../../session/auth-context';
import { useBusiness } from '../../session/business-context';
import { cartLines, cartSubtotalCents } from '../../offline/cart';
import { useUpdateBetweenSales } from './update-between-sales';
import { usePosCart } from './useCart';
import { db, getMeta, type OutboxEntry } from '../../offline/db';
import { startSync } from '../../sync/instance';
import { markCounter } from '../../offline/device';
import { productIndex } from '../../offline/product-index';
import { useSyncStatus } from '../../offline-ui/hooks';
import { ClockWarning } from '../../offline-ui/ClockWarning';
import { Button, Text, Title, UnstyledButton } from '@mantine/core';
import { CashButton } from '../cash/CashButton';
import { AccountPaymentButton } from './account/AccountPaymentButton';
import { CounterReturnButton } from './returns/CounterReturnButton';
import { CartPanel } from './CartPanel';
import { LastSale } from './LastSale';
import { NoticeLine } from './NoticeLine';
import { focusSearch, refocusSearchIfIdle, SHORTCUTS } from './focus-search';
import { success, warn } from './notify';
import classes from './pos.module.css';
import { ProductPanel } from './ProductPanel';
import { Receipt, SaleReceipt } from './Receipt';
import { PaidSale } from './mercadopago/PaidSale';
import { printPaidSale, reprintPaidSale } from './mercadopago/paid-sale';
import { printsItself, refreshPrinter, usePrinter } from './printing/counter-print';
import { CounterInvoicePrint, preloadInvoicePrintout, type CounterPrint } from './CounterInvoicePrint';
import { useCounterInvoicing } from './useCounterInvoicing';
import { resumeHeld } from '../../offline/invoice-fallback';
import { refreshTicketLogo } from './printing/ticket-logo';
import { useCounterPrinting } from './printing/useCounterPrinting';
import { IconCash } from '@tabler/icons-react';

// Its own chunk (the payment pickers, invoice choice, Mercado Pago): fetched as /pos first renders,
// so it stays out of the bytes read before the counter can sell (issue #17). Precached for offline.
const CheckoutDialog = lazy(() => import('./CheckoutDialog').then((m) => ({ default: m.CheckoutDialog })));

function useLastSale(): OutboxEntry | undefined {
  return useLiveQuery(async () => {
    const id = await getMeta('lastSaleId');
    return id ? db.outbox.get(id) : undefined;
  });
}

/** Cart lines above the stock this device last pulled (sold elsewhere meanwhile), read when the checkout opens. */
function useShortages(open: boolean) {
  return (
    useLiveQuery(async () => {
      if (!open) return [];
      const lines = await cartLines();
      const products = await db.products.bulkGet(lines.map((line) => line.productId));
      return lines.flatMap((line, i) => {
        const stock = products[i]?.stock ?? 0;
        return line.quantity > stock ? [{ name: line.name, quantity: line.quantity, stock: Math.max(0, stock) }] : [];
      });
    }, [open]) ?? []
  );
}

export default function PosPage() {
  const { user, isAdmin } = useAuth();
  const { info } = useBusiness();
  const { isOnline } = useSyncStatus();
  const { lines, add, showSold } = usePosCart();
  // Deferred: the last sale's panel and ticket render after the emptied cart has painted, never before it.
  const lastSale = useDeferredValue(useLastSale());
  const storedBusiness = useLiveQuery(() => getMeta('businessInfo'));
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const shortages = useShortages(checkoutOpen);
  const confirming = useRef(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const invoicing = useCounterInvoicing(isOnline);
  const caea = useLiveQuery(() => getMeta('caea'));
  const [invoicePrint, setInvoicePrint] = useState<CounterPrint | null>(null);
  // The sale confirmed here whose CAE invoice is awaited from the push result (printed when it comes).
  const awaitingInvoice = useRef<string | null>(null);
  const cartRef = useRef<HTMLElement>(null);
  /** The last sale when it was paid with Mercado Pago QR / Point (recorded by the server), until the next sale. */
  const [paidSale, setPaidSale] = useState<SaleJson | null>(null);
  const printer = usePrinter();

  useEffect(() => {
    // Opening the POS makes this browser a counter: only then does it register as a device (issue #31).
    const sync = startSync();
    void markCounter().then(() => sync.trigger());
    productIndex.start();
    void preloadInvoicePrintout();
    // Held invoices left by a reload: numbered with CAEA when overdue, else at their deadline (issue #33.5).
    void resumeHeld();
  }, []);

  // The device's printer as the admin set it (issue #35): read on opening and whenever the server is back.
  useEffect(() => {
    if (isOnline) void refreshPrinter();
  }, [isOnline]);
  // The shop's logo for the roll, drawn when it changes and the device prints by itself (ticket-logo.ts).
  const logoUrl = storedBusiness?.logo ?? null;
  const selfPrinting = printsItself(printer);
  useEffect(() => {
    if (isOnline && selfPrinting) void refreshTicketLogo(logoUrl);
  }, [isOnline, selfPrinting, logoUrl]);

  const cart = lines ?? [];
  const subtotalCents = cartSubtotalCents(cart);
  useUpdateBetweenSales(cart.length > 0 || checkoutOpen);

  useEffect(() => {
    if (!confirming.current || cart.length) return;
    confirming.current = false;
    performance.mark('confirm-end');
    performance.measure('pos-confirm', 'confirm-start', 'confirm-end');
  }, [cart.length]);

  const openCheckout = () => {
    if (!cart.length) warn(MSG.cartEmpty);
    else setCheckoutOpen(true);
  };

  // F2 focuses the search box, F9 charges; a character typed outside any field goes to the search box.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (checkoutOpen) return;
      if (event.key === SHORTCUTS.search || event.key === SHORTCUTS.charge) {
        event.preventDefault();
        if (event.key === SHORTCUTS.search) focusSearch();
        else if (!cart.length) warn(MSG.cartEmpty);
        else setCheckoutOpen(true);
        return;
      }
      if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) refocusSearchIfIdle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [checkoutOpen, cart.length]);

  const onConfirmStart = () => {
    performance.mark('confirm-start');
    confirming.current = true;
  };

  const printInvoice = (entry: OutboxEntry) => {
    if (entry.invoice?.status === 'autorizada') setInvoicePrint((previous) => ({ entry, invoice: entry.invoice!, request: (previous?.request ?? 0) + 1 }));
  };
  const business = storedBusiness ?? (info as Record<string, string | null> | null);
  const issuer = { startOfActivities: invoicing?.startOfActivities ?? caea?.issuer.startOfActivities ?? null, iibb: invoicing?.iibb ?? caea?.issuer.iibb ?? null };
  const printing = useCounterPrinting({ lastSale, business, issuer, invoiceDialog: printInvoice });

  useEffect(() => {
    if (!lastSale || awaitingInvoice.current !== lastSale.clientSaleId) return;
    if (lastSale.invoice?.status === 'autorizada') {
      awaitingInvoice.current = null;
      printInvoice(lastSale);
    } else if (lastSale.status === 'synced' || lastSale.status === 'rejected') awaitingInvoice.current = null;
  }, [lastSale]);

  const onConfirmed = (entry: OutboxEntry) => {
    // Rendered at once, in the task that saw the commit, rather than in a later scheduled one.
    flushSync(() => {
      showSold();
      setCheckoutOpen(false);
      setPaidSale(null);
    });
    if (printing.printsItself) void printing.confirmed(entry);
    else if (entry.invoice) printInvoice(entry);
    else if (entry.invoiceRequest) awaitingInvoice.current = entry.clientSaleId;
    // The emptied cart paints first; the notice and the focus (which forces a layout) follow after that
    // frame's paint (a task queued from its animation frame), not inside it.
    // The push needs no call here: the outbox announces every sale it writes to the sync engine.
    requestAnimationFrame(() =>
      setTimeout(() => {
        success(MSG.saleRegistered);
        focusSearch();
      }),
    );
  };

  const onPaidByMercadoPago = (sale: SaleJson | null, attempt: { saleNumber: string | null }) => {
    flushSync(() => {
      showSold();
      setCheckoutOpen(false);
      setPaidSale(sale);
    });
    if (sale) void printPaidSale(sale, business, printer);
    requestAnimationFrame(() =>
      setTimeout(() => {
        success(MP_COUNTER_MSG.paidSale(sale?.saleNumber ?? attempt.saleNumber ?? ''));
        focusSearch();
      }),
    );
  };

  return (
    <div className={classes.page}>
      <div className={classes.header}>
        <Title order={2}>Punto de Venta</Title>
        {user && <CashButton user={user} businessName={storedBusiness?.businessName ?? info?.businessName ?? ''} />}
        {printing.printsItself && (
          <Button variant="default" size="md" leftSection={<IconCash size={20} />} onClick={() => void printing.openDrawer(user ? { id: user.id, name: user.fullName } : null)}>
            Abrir cajón
          </Button>
        )}
        {user && <AccountPaymentButton seller={{ id: user.id, name: user.fullName }} businessName={storedBusiness?.businessName ?? info?.businessName ?? ''} />}
        {user && <CounterReturnButton online={isOnline} isAdmin={isAdmin} business={business} />}
        <NoticeLine />
      </div>
      <ClockWarning />
      <div className={classes.layout}>
        <ProductPanel searchRef={searchRef} onAdd={add} />
        <CartPanel
          ref={cartRef}
          lines={cart}
          subtotalCents={subtotalCents}
          onCheckout={openCheckout}
          footer={
            paidSale ? (
              <PaidSale sale={paidSale} onPrint={() => reprintPaidSale(paidSale, business, printer)} />
            ) : (
              lastSale && <LastSale entry={lastSale} onPrint={() => printing.printTicket(lastSale)} onPrintInvoice={() => printing.printInvoice(lastSale)} />
            )
          }
        />
      </div>
      <div className={classes.phoneBar}>
        <UnstyledButton style={{ flex: 1 }} onClick={() => cartRef.current?.scrollIntoView({ behavior: 'smooth' })} aria-label="Ver carrito">
          <Text size="sm" c="dimmed">
            Carrito · {cart.reduce((n, line) => n + line.quantity, 0)} u.
          </Text>
          <Text fw={700}>{formatCents(subtotalCents)}</Text>
        </UnstyledButton>
        <Button size="lg" onClick={openCheckout}>
          Procesar Venta
        </Button>
      </div>
      {user && (
        <Suspense fallback={null}>
          <CheckoutDialog
            opened={checkoutOpen}
            onClose={() => setCheckoutOpen(false)}
            onExited={focusSearch}
            shortages={shortages}
            subtotalCents={subtotalCents}
            online={isOnline}
            seller={user}
            onConfirmStart={onConfirmStart}
            onConfirmed={onConfirmed}
            onPaidByMercadoPago={onPaidByMercadoPago}
            invoicing={invoicing}
          />
        </Suspense>
      )}
      {paidSale ? <SaleReceipt sale={paidSale} business={business} /> : lastSale && <Receipt entry={lastSale} business={business} />}
      {invoicePrint && <CounterInvoicePrint print={invoicePrint} business={business} issuer={issuer} />}
    </div>
  );
}
