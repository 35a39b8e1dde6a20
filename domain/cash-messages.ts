/** Spanish texts of cash sessions ("cajas", issue #16): the counter, the sync of its events and the back office. */
export const CASH_MSG = {
  sessionRequired: 'Abrí la caja antes de cobrar: la configuración exige una caja abierta para vender',
  alreadyOpen: 'Ya hay una caja abierta en este mostrador',
  noOpenSession: 'No hay una caja abierta en este mostrador',
  commentRequired: 'Hay diferencia entre lo esperado y lo contado: escribí un comentario',
  opened: 'Caja abierta',
  movementSaved: 'Movimiento registrado',
  closed: 'Caja cerrada',
  serverAlreadyOpen: 'El dispositivo ya tiene otra caja abierta en el servidor',
  unknownSession: 'La caja de este movimiento no llegó al servidor',
  otherDevice: 'La caja pertenece a otro dispositivo',
  sessionClosed: 'La caja ya estaba cerrada cuando llegó este movimiento',
  bodyReplayed: 'Se recibió otro contenido con este mismo identificador: se rechazó',
  listError: 'Error al cargar las cajas',
  detailError: 'Error al cargar la caja',
  notFound: 'Caja no encontrada',
  capturedInFuture: 'La fecha del evento está en el futuro: revisá el reloj del dispositivo',
} as const;
