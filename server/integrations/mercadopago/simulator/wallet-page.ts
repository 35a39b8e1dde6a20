/** The page that plays the customer's wallet (QR) and the Point terminal in the demo and the tests: one form per order. */
import type { MpOrder } from '../orders-types';

export function walletPageHtml(list: MpOrder[]): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const rows = list
    .map((o) => {
      const who = o.type === 'qr' ? 'Billetera del cliente (QR)' : `Terminal Point ${esc(o.config?.point?.terminal_id ?? '')}`;
      const buttons = ['pay', 'fail', 'expire', ...(o.type === 'point' ? ['at_terminal', 'action_required', 'cancel_on_terminal'] : [])]
        .map((a) => `<button name="action" value="${a}">${{ pay: 'Pagar', fail: 'Rechazar', expire: 'Vencer', at_terminal: 'Pasar al terminal', action_required: 'Pedir revisión', cancel_on_terminal: 'Cancelar en el terminal' }[a]}</button>`)
        .join(' ');
      return `<section><h2>${who}</h2><p>Orden <code>${esc(o.id)}</code> · $ ${esc(o.total_amount)} · estado <strong data-status="${esc(o.status)}">${esc(o.status)}</strong></p>
<form method="post" action="/__sim/wallet"><input type="hidden" name="order" value="${esc(o.id)}">${buttons}</form></section>`;
    })
    .join('');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Mercado Pago simulado: billetera y terminal</title>
<style>body{font-family:system-ui;margin:2rem;max-width:40rem}button{font-size:1.1rem;margin:.2rem;padding:.5rem 1rem}section{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}</style></head>
<body><h1>Mercado Pago simulado</h1><p>Esta página hace de billetera del cliente y de terminal Point.</p>${rows || '<p>No hay órdenes abiertas.</p>'}</body></html>`;
}
