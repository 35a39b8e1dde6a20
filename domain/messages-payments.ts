/**
 * Spanish texts of charging at the counter with Mercado Pago QR and Point (issue #34 items 1, 2 and 9): the
 * headline the cashier reads for each status of an attempt. What to do next comes with the attempt itself
 * (the server's `message`, server/modules/payments/orders-service.ts attemptMessage).
 */

export const MP_COUNTER_MSG = {
  qrLabel: 'Mercado Pago QR',
  pointLabel: 'Mercado Pago Point',
  starting: 'Pidiendo el cobro a Mercado Pago…',
  scan: 'Escaneá el QR con la app de Mercado Pago o cualquier billetera',
  sentToTerminal: 'Cobro enviado al terminal Point',
  atTerminal: 'Seguí en el terminal: el cliente acerca, inserta o desliza la tarjeta',
  actionRequired: 'Revisá el terminal: el pago lleva más de 40 segundos',
  processing: 'Mercado Pago está procesando el pago…',
  paid: 'Pago aprobado',
  failed: 'Pago rechazado en el terminal',
  canceled: 'Cobro cancelado',
  expired: 'El cobro venció sin pagarse',
  error: 'No se pudo cobrar con Mercado Pago',
  unknown: 'Esperando a Mercado Pago…',
  serverAway: 'Sin respuesta del servidor: seguimos preguntando. Si el cliente ya pagó, no cobres de nuevo.',
  cancel: 'Cancelar cobro',
  otherMethod: 'Cobrar con otro medio',
  retry: 'Cobrar de nuevo',
  expiresAt: (time: string) => `Vence a las ${time}: si no paga antes, volvé a cobrar o elegí otro medio.`,
  cantCancelHere: 'Si el terminal ya tiene el cobro, cancelalo en el Point.',
  paidSale: (number: string) => `Venta ${number} pagada con Mercado Pago`,
  needsReview: 'El pago llegó después de cambiar de medio: la venta quedó marcada para revisar la devolución.',
  invoiceLater: 'Con Mercado Pago la factura todavía no sale desde el mostrador: emitila en Ventas, en el detalle de la venta, cuando esté pagada.',
  leave: 'Dejar el cobro y usar otro medio',
  leaveConfirm:
    'Sin conexión con el servidor, el cobro no se puede cancelar ahora: se cancelará solo cuando vuelva la conexión. Si el cliente ya pagó con Mercado Pago, no le cobres de nuevo: la venta quedará marcada para revisar.',
  leaveYes: 'Sí, dejar el cobro',
  leaveNo: 'Seguir esperando',
  leaveError: 'No se pudo avisar al servidor que se dejó un cobro de Mercado Pago',
  noDevice: 'Este navegador todavía no está registrado como caja: esperá a que sincronice y volvé a cobrar.',
};

/** Each status's headline but `created`, whose words depend on the kind. */
const HEADLINES: Record<string, string> = {
  creating: MP_COUNTER_MSG.starting,
  at_terminal: MP_COUNTER_MSG.atTerminal,
  action_required: MP_COUNTER_MSG.actionRequired,
  processing: MP_COUNTER_MSG.processing,
  processed: MP_COUNTER_MSG.paid,
  failed: MP_COUNTER_MSG.failed,
  canceled: MP_COUNTER_MSG.canceled,
  expired: MP_COUNTER_MSG.expired,
  error: MP_COUNTER_MSG.error,
};

/** The headline of an attempt's status (`created` differs for QR and Point). */
export function attemptHeadline(kind: 'qr' | 'point', status: string): string {
  if (status === 'created') return kind === 'qr' ? MP_COUNTER_MSG.scan : MP_COUNTER_MSG.sentToTerminal;
  return HEADLINES[status] ?? MP_COUNTER_MSG.unknown;
}
