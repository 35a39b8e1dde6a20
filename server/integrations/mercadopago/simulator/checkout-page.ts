/** The simulator's hosted checkout page: the buyer approves, rejects or leaves the payment pending. */
import type { MpPreferenceRequest } from '../types';

export const SIMULATOR_LABEL = 'Mercado Pago simulado';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (n: number) => `$ ${n.toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function checkoutPage(preferenceId: string, request: MpPreferenceRequest, expired: boolean): string {
  const total = request.items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
  const rows = request.items
    .map((item) => `<tr><td>${item.quantity} × ${escape(item.title)}</td><td class="n">${money(item.unit_price * item.quantity)}</td></tr>`)
    .join('');
  const button = (outcome: string, label: string, color: string) =>
    `<button name="outcome" value="${outcome}" style="background:${color}">${label}</button>`;
  const actions = expired
    ? '<p class="warn" role="alert">La preferencia de pago venció. Volvé al comercio para generar un pago nuevo.</p>'
    : `<form method="post" action="/checkout/v1/pay">
        <input type="hidden" name="pref_id" value="${escape(preferenceId)}">
        ${button('approved', 'Aprobar pago', '#009ee3')}
        ${button('rejected', 'Rechazar pago', '#d32f2f')}
        ${button('pending', 'Dejar pendiente', '#ed6c02')}
      </form>`;
  return `<!doctype html>
<html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${SIMULATOR_LABEL} · Checkout</title>
<style>
  :root { color-scheme: light dark; font-family: Roboto, Helvetica, Arial, sans-serif; }
  body { margin: 0; background: #f5f5f5; color: #212121; }
  @media (prefers-color-scheme: dark) { body { background: #121212; color: #fff; } main { background: #1e1e1e !important; } }
  header { background: #ffe600; color: #2d3277; padding: 16px; font-weight: 700; font-size: 20px; }
  main { max-width: 560px; margin: 24px auto; background: #fff; border-radius: 8px; padding: 24px; }
  table { width: 100%; border-collapse: collapse; } td { padding: 6px 0; } .n { text-align: right; }
  .total { font-size: 22px; font-weight: 700; }
  form { display: grid; gap: 12px; margin-top: 24px; }
  button { min-height: 48px; border: 0; border-radius: 8px; color: #fff; font-size: 18px; cursor: pointer; }
  .warn { color: #d32f2f; font-weight: 600; }
</style></head>
<body><header>${SIMULATOR_LABEL}</header>
<main>
  <p>Pagás a: <strong>${escape(request.statement_descriptor ?? 'Comercio')}</strong></p>
  <p>Comprador: ${escape(request.payer.name)} (${escape(request.payer.email)})</p>
  <table>${rows}<tr><td class="total">Total</td><td class="n total" data-testid="sim-total">${money(total)}</td></tr></table>
  <p>Referencia: <code>${escape(request.external_reference)}</code></p>
  ${actions}
</main></body></html>`;
}
