/** Spanish texts of the counter's «Devolución» (the rules' own texts are in domain/sale-returns-rules.ts). */
export const COUNTER_RETURN_MSG = {
  /** Under the disabled button and in the dialog while there is no connection. */
  offline: 'Sin conexión: las devoluciones se registran en el servidor (devuelven stock y dinero). Se pueden hacer cuando vuelva la conexión.',
  offlineShort: 'Sin conexión: las devoluciones necesitan el servidor',
  nothingLeft: 'Ya se devolvió todo lo vendido en esta venta.',
} as const;
