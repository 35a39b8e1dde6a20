/** Spanish texts of the counter's «Devolución» (the rules' own texts are in domain/sale-returns-rules.ts). */
export const COUNTER_RETURN_MSG = {
  /** Under the disabled button and in the dialog while there is no connection. */
  offline: 'Sin conexión: las devoluciones se registran en el servidor (devuelven stock y dinero). Se pueden hacer cuando vuelva la conexión.',
  offlineShort: 'Sin conexión: las devoluciones necesitan el servidor',
  nothingLeft: 'Ya se devolvió todo lo vendido en esta venta.',
  /** After a return on a cash sale, with this counter's cash session open. */
  paidFromDrawer: (amount: string) => `Se registró la salida de ${amount} de la caja abierta (Devolución a un cliente).`,
  /** After a return on a cash sale with no cash session open on this counter. */
  noOpenSession: 'No hay caja abierta en este mostrador: la salida del efectivo no quedó registrada en ninguna caja.',
} as const;
