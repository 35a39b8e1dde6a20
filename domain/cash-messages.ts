/** Spanish texts of cash sessions ("cajas", issue #16): the counter, the sync of its events and the back office. */
import { formatMoney } from './money';

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
  syncError: 'Error al enviar los movimientos de caja',
  listError: 'Error al cargar las cajas',
  detailError: 'Error al cargar la caja',
  notFound: 'Caja no encontrada',
  alreadyClosed: 'La caja ya está cerrada',
  forceClosed: 'Caja cerrada sin arqueo: queda marcada para revisar',
  forceCloseError: 'No se pudo cerrar la caja',
  forcedClose: (admin: string) => `Cerrada por ${admin} desde el back office, sin arqueo: el conteo es desconocido`,
  closeAfterForced: (counted: number) => `El dispositivo envió su cierre después del cierre forzado: contó ${formatMoney(counted)}`,
  afterForcedClose: 'Llegó después del cierre forzado de la caja',
  responsibleNotOnDevice: (userId: number, attributedTo: string) =>
    `El responsable indicado por el dispositivo (#${userId}) nunca inició sesión en este mostrador: se registró a nombre de ${attributedTo}`,
  responsibleUnverified: (userId: number) => `El responsable indicado (#${userId}) no inició sesión en este mostrador`,
  capturedInFuture: 'La fecha del evento está en el futuro: revisá el reloj del dispositivo',
} as const;
