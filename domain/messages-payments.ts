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
};

/** The headline of an attempt's status (`created` differs for QR and Point). */
export function attemptHeadline(kind: 'qr' | 'point', status: string): string {
  switch (status) {
    case 'creating':
      return MP_COUNTER_MSG.starting;
    case 'created':
      return kind === 'qr' ? MP_COUNTER_MSG.scan : MP_COUNTER_MSG.sentToTerminal;
    case 'at_terminal':
      return MP_COUNTER_MSG.atTerminal;
    case 'action_required':
      return MP_COUNTER_MSG.actionRequired;
    case 'processing':
      return MP_COUNTER_MSG.processing;
    case 'processed':
      return MP_COUNTER_MSG.paid;
    case 'failed':
      return MP_COUNTER_MSG.failed;
    case 'canceled':
      return MP_COUNTER_MSG.canceled;
    case 'expired':
      return MP_COUNTER_MSG.expired;
    case 'error':
      return MP_COUNTER_MSG.error;
    default:
      return MP_COUNTER_MSG.unknown;
  }
}
