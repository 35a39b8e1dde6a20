/**
 * "Completar Venta" (docs/spec.md §4/§5): customer name, document and email (optional), discount (non-numeric
 * counts as 0), payment method, notes; total = subtotal − discount. Confirming writes the sale and its
 * outbox entry in one transaction (offline/capture.ts captureSale) — the same path online or offline.
 * The Factura choice (issue #11, InvoiceChoice.tsx) rides in the same outbox entry; the device numbers
 * it with CAEA when, at this moment, it knows it cannot reach the server, or when the server does not
 * answer in time (offline/invoice-fallback.ts, issue #33.5); CaeaNotice says before confirming when it could not.
 * Mercado Pago (online only, and only when the server has it configured) never goes through the
 * outbox: it runs the card flow of mercadopago-checkout.ts and redirects to the hosted checkout.
 * Mercado Pago QR / Point (issue #34) never go through the outbox either: «Confirmar Venta» starts the
 * attempt on the server (which records the sale, pendiente) and the dialog shows the charge
 * (mercadopago/MercadoPagoCharge.tsx, its own chunk; its state in mercadopago/useMercadoPagoCharge.ts) until
 * the server says paid, then hands the recorded sale to the POS (onPaidByMercadoPago); it cannot be closed
 * while the charge is open.
 * The totals and «Confirmar Venta» sit in a foot that never scrolls away (checkout/CheckoutFooter.tsx, issue #35.6).
 */
import { Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../../domain/constants';
import { MSG } from '../../../domain/messages';
import { MP_COUNTER_MSG } from '../../../domain/messages-payments';
import { fromCents, toCents } from '../../../domain/money';
import { ACCOUNT_MSG, overLimit } from '../../../domain/account';
import { parseDiscountInput } from '../../../domain/money-input';
import { discountProblem } from '../../../domain/sale-totals';
import type { InvoiceStatusJson } from '../../../domain/schemas/invoices';
import type { OrderAttemptJson } from '../../../domain/schemas/payment-orders';
import type { SaleJson } from '../../../domain/schemas/sales';
import type { OutboxEntry } from '../../offline/db';
import { captureSale } from '../../offline/capture';
import type { LocalCustomer } from '../../offline/customer-store';
import { buyerInvoiceValues, CustomerPicker } from './CustomerPicker';
import { StaffModal } from '../../ui/StaffModal';
import { attemptKey, mercadoPagoCustomerProblem, newExternalReference, startMercadoPagoCheckout } from './mercadopago-checkout';
import { initialInvoiceForm, invoiceBody, invoiceFormErrors, needsBuyerData } from '../invoices/invoice-form';
import { InvoiceChoice, invoiceUnavailable, type InvoiceChoiceValue } from './InvoiceChoice';
import { needsMercadoPago, PaymentMethodPicker, type CheckoutMethod } from './PaymentMethodPicker';
import { loadCharge, useMercadoPagoCharge } from './mercadopago/useMercadoPagoCharge';
import { CaeaNotice } from './CaeaNotice';
import { useMercadoPagoAvailability } from './useMercadoPagoAvailability';
import { CashChange } from './checkout/CashChange';
import { CheckoutFooter } from './checkout/CheckoutFooter';

interface Props {
  opened: boolean;
  onClose: () => void;
  subtotalCents: number;
  online: boolean;
  seller: { id: number; fullName: string };
  onConfirmStart: () => void;
  onConfirmed: (entry: OutboxEntry) => void;
  /** A QR / Point charge was paid: the sale as the server recorded it (null if it could not be read back). */
  onPaidByMercadoPago: (sale: SaleJson | null, attempt: OrderAttemptJson) => void;
  /** After the close transition (focus goes back to the search box, not to the button that opened it). */
  onExited: () => void;
  /** Cart lines above the stock this device last pulled (sold elsewhere meanwhile): warned, still sellable. */
  shortages: readonly { name: string; quantity: number; stock: number }[];
  /** GET /invoices/status, as last read online (cached on the device). */
  invoicing: InvoiceStatusJson | undefined;
}

/** The outbox write normally commits within a frame; past this the button shows its spinner. */
const SLOW_SAVE_MS = 100;

const EMPTY = { customerName: '', customerDocument: '', customerEmail: '', discount: '', notes: '' };

const noInvoice = (issuer: InvoiceStatusJson['taxCondition']): InvoiceChoiceValue => ({ wanted: false, values: initialInvoiceForm(issuer ?? 'monotributo') });

export function CheckoutDialog({ opened, onClose, subtotalCents, online, seller, onConfirmStart, onConfirmed, onPaidByMercadoPago, onExited, shortages, invoicing }: Props) {
  const [form, setForm] = useState(EMPTY);
  const [customer, setCustomer] = useState<LocalCustomer | null>(null);
  const [method, setMethod] = useState<CheckoutMethod>('efectivo');
  const [paidWith, setPaidWith] = useState('');
  const [busy, setBusy] = useState(false);
  /** A sale is being written to the outbox (a second Enter or tap must not write another). */
  const saving = useRef(false);
  const [error, setError] = useState('');
  const [warning, setWarning] = useState('');
  const [redirecting, setRedirecting] = useState(false);
  const attempt = useRef<{ key: string; reference: string } | null>(null);
  const issuer = invoicing?.taxCondition ?? null;
  const [invoice, setInvoice] = useState<InvoiceChoiceValue>(() => noInvoice(issuer));
  const [invoiceTried, setInvoiceTried] = useState(false);
  // The issuer's data may arrive (or change) after the dialog mounted: its letter rules then apply.
  useEffect(() => setInvoice((current) => ({ ...current, values: initialInvoiceForm(issuer ?? 'monotributo') })), [issuer]);
  const mercadoPago = useMercadoPagoAvailability(online, opened);
  /** The QR / Point charge shown instead of the form (mercadopago/useMercadoPagoCharge.ts). */
  const mpCharge = useMercadoPagoCharge({
    setBusy,
    setError,
    onPaid: useCallback(
      (sale: SaleJson | null, attempt: OrderAttemptJson) => {
        setForm(EMPTY);
        setCustomer(null);
        setInvoice(noInvoice(issuer));
        setMethod('efectivo');
        onPaidByMercadoPago(sale, attempt);
      },
      [issuer, onPaidByMercadoPago],
    ),
  });
  const charge = mpCharge.charge;
  // An amount ("1.500") or a percentage ("10%"); text the es-AR reader refuses counts as 0 and blocks the sale.
  const discount = parseDiscountInput(form.discount, subtotalCents);
  const discountCents = discount.ok ? (discount.cents ?? 0) : 0;
  const problem = discount.ok ? discountProblem(subtotalCents, discountCents) : discount.message;
  const unavailable = invoiceUnavailable(invoicing);
  const wantsInvoice = invoice.wanted && !unavailable && issuer !== null;
  // The buyer's name defaults to the customer name typed above (issue #33.3: required for an A and at the threshold).
  const invoiceValues = { ...invoice.values, name: invoice.values.name || form.customerName };
  const threshold = invoicing?.identificationThreshold ?? 0;
  // Cuenta corriente (issue #33.4): only for a customer with an account; over the limit it sells (offline
  // too) but says so before confirming, by the balance this device knows.
  const onAccount = method === 'cuenta_corriente' && Boolean(customer?.accountEnabled);
  const balanceAfterCents = customer ? toCents(customer.balance) + subtotalCents - discountCents : 0;
  const limitCents = customer?.creditLimit == null ? null : toCents(customer.creditLimit);
  const accountWarning = onAccount && overLimit(balanceAfterCents, limitCents) ? ACCOUNT_MSG.overLimitWarning(balanceAfterCents, limitCents ?? 0) : '';
  const invoiceErrors = wantsInvoice ? invoiceFormErrors(invoiceValues, fromCents(subtotalCents - discountCents), threshold) : {};
  const field = (key: keyof typeof EMPTY) => ({
    value: form[key],
    onChange: (event: { currentTarget: { value: string } }) => setForm({ ...form, [key]: event.currentTarget.value }),
  });

  /** docs/spec.md §4: validate, preference, sale, "Redirigiendo a Mercado Pago...", then the checkout after 1000 ms. */
  const payWithMercadoPago = async () => {
    const customerProblem = mercadoPagoCustomerProblem(form);
    setWarning(customerProblem ?? '');
    setError('');
    if (customerProblem) return;
    setBusy(true);
    try {
      const key = await attemptKey(form, fromCents(discountCents));
      if (attempt.current?.key !== key) attempt.current = { key, reference: newExternalReference() };
      const result = await startMercadoPagoCheckout(form, fromCents(discountCents), attempt.current.reference);
      if (!result.ok) {
        setError(result.message);
        return;
      }
      attempt.current = null;
      setRedirecting(true);
      window.setTimeout(() => window.location.assign(result.checkoutUrl), TIMINGS.paymentRedirectMs);
    } catch {
      setError(MSG.paymentProviderError);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (problem || (needsMercadoPago(method) && mercadoPago.disabledReason)) return;
    if (method === 'cuenta_corriente' && !onAccount) return setError(customer ? ACCOUNT_MSG.noAccount : ACCOUNT_MSG.noCustomer);
    if (method === 'mercadopago') return payWithMercadoPago();
    if (method === 'mp_qr' || method === 'mp_point') return mpCharge.start(method === 'mp_qr' ? 'qr' : 'point', form, fromCents(discountCents));
    // No state change on the way to the write: a render here would run before the transaction starts.
    if (Object.keys(invoiceErrors).length > 0) return setInvoiceTried(true);
    onConfirmStart();
    saving.current = true;
    // The spinner only when the write is slow: a render now would compete with the transaction for the main thread.
    const slow = window.setTimeout(() => setBusy(true), SLOW_SAVE_MS);
    if (error) setError('');
    try {
      const body = wantsInvoice ? invoiceBody(invoiceValues) : null;
      const entry = await captureSale({
        sellerId: seller.id,
        sellerName: seller.fullName,
        discountCents,
        paymentMethod: method,
        ...form,
        customerUuid: customer?.uuid ?? null,
        invoice: body && {
          tipo: body.tipo_comprobante,
          docTipo: body.documento_tipo,
          docNro: String(body.documento_nro),
          condicion: body.condicion_iva_receptor,
          buyer: { name: body.receptor_nombre, address: body.receptor_domicilio },
        },
        // Numbered here with CAEA only when the device knows, now, that it cannot reach the server.
        offline: !navigator.onLine || !online,
      });
      setForm(EMPTY);
      setCustomer(null);
      setInvoice(noInvoice(issuer));
      setInvoiceTried(false);
      setPaidWith('');
      setMethod('efectivo');
      onConfirmed(entry);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      window.clearTimeout(slow);
      saving.current = false;
      setBusy(false);
    }
  };

  return (
    <StaffModal opened={opened} onClose={() => !mpCharge.isOpen() && onClose()} title="Completar Venta" size="lg" returnFocus={false} onExitTransitionEnd={onExited}>
      {charge ? (
        <charge.view.MercadoPagoCharge
          key={charge.attempt.id}
          initial={charge.attempt}
          onPaid={mpCharge.paid}
          onOtherMethod={() => {
            mpCharge.clear();
            setMethod('efectivo');
          }}
          onRetry={() => {
            const kind = charge.attempt.kind;
            mpCharge.clear();
            void mpCharge.start(kind, form, fromCents(discountCents));
          }}
        />
      ) : (
      /* Enter in any field confirms (the keyboard-only sale: codes, F9, Enter). */
      <Stack
        gap="sm"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy && !saving.current && !redirecting) void confirm();
        }}
      >
        <CustomerPicker
          value={customer}
          online={online}
          onChange={(picked) => {
            setCustomer(picked);
            if (!picked?.accountEnabled) setMethod((m) => (m === 'cuenta_corriente' ? 'efectivo' : m));
            if (!picked) return;
            setForm((f) => ({ ...f, customerName: picked.name, customerDocument: picked.docNumber ?? '', customerEmail: picked.email ?? f.customerEmail }));
            setInvoice((current) => ({ ...current, values: buyerInvoiceValues(issuer ?? 'monotributo', current.values, picked) }));
          }}
        />
        <Group grow align="flex-start">
          <TextInput size="md" label="Nombre del cliente" data-autofocus autoComplete="off" withAsterisk={method === 'mercadopago'} {...field('customerName')} />
          <TextInput size="md" label="Documento (DNI/CUIT)" inputMode="numeric" autoComplete="off" {...field('customerDocument')} />
        </Group>
        <Group grow align="flex-start">
          <TextInput size="md" label="Email" type="email" autoComplete="off" withAsterisk={method === 'mercadopago'} {...field('customerEmail')} />
          <TextInput
            size="md"
            label="Descuento"
            description="Importe ($) o porcentaje (10%)"
            inputMode="decimal"
            placeholder="0"
            autoComplete="off"
            {...field('discount')}
            error={problem}
          />
        </Group>
        <PaymentMethodPicker
          value={method}
          onChange={(next) => {
            // The charge's chunk and the QR encoder load while the cashier still confirms.
            if (next === 'mp_qr' || next === 'mp_point') void loadCharge().catch(() => undefined);
            setMethod(next);
          }}
          mercadoPago={mercadoPago}
          account={Boolean(customer?.accountEnabled)}
        />
        {accountWarning && (
          <Text size="sm" c="orange.8" role="alert" data-testid="account-over-limit">
            {accountWarning}
          </Text>
        )}
        {method === 'efectivo' && <CashChange paidWith={paidWith} onChange={setPaidWith} totalCents={subtotalCents - discountCents} />}
        {!needsMercadoPago(method) && (
          <InvoiceChoice
            issuer={issuer}
            buyerRequired={needsBuyerData(invoice.values, fromCents(subtotalCents - discountCents), threshold)}
            unavailable={unavailable}
            value={invoice}
            onChange={setInvoice}
            errors={invoiceTried ? invoiceErrors : {}}
          />
        )}
        {needsMercadoPago(method) && !unavailable && (
          <Text size="sm" c="dimmed" data-testid="mp-invoice-later">
            {MP_COUNTER_MSG.invoiceLater}
          </Text>
        )}
        {wantsInvoice && !needsMercadoPago(method) && <CaeaNotice online={online && navigator.onLine} />}
        <Textarea size="md" label="Notas" autosize minRows={1} maxRows={3} {...field('notes')} />
        <CheckoutFooter
          subtotalCents={subtotalCents}
          discountCents={discountCents}
          discountPercent={discount.ok ? discount.percent : undefined}
          shortages={shortages}
          warning={warning}
          error={error}
          redirecting={redirecting}
          busy={busy}
          confirmDisabled={(needsMercadoPago(method) && Boolean(mercadoPago.disabledReason)) || Boolean(problem)}
          onCancel={onClose}
        />
      </Stack>
      )}
    </StaffModal>
  );
}
