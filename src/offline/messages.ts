/** Spanish texts of the offline POS, sync status and offline sign-in (beyond docs/spec.md §8's catalogue). */
import { OFFLINE_LOGIN_MSG } from './login-messages';

export const OFFLINE_MSG = {
  ...OFFLINE_LOGIN_MSG,
  sessionExpired: 'Tu sesión venció. Iniciá sesión con conexión para enviar las ventas pendientes; no se pierde ninguna.',
  unsyncedOnLogout: (n: number) =>
    `Hay ${n} ${n === 1 ? 'venta sin sincronizar' : 'ventas sin sincronizar'}. Quedan guardadas en este dispositivo y se enviarán cuando alguien inicie sesión con conexión.`,
  pendingCount: (n: number) => `${n} ${n === 1 ? 'venta pendiente' : 'ventas pendientes'}`,
  allSynced: 'Todo sincronizado',
  /** The catalogue pull has more pages to bring (issue #29): never "Todo sincronizado" meanwhile. */
  catalogBehind: 'Actualizando catálogo…',
  serverUnreachable: 'Sin conexión con el servidor: las ventas quedan guardadas en este dispositivo y se envían solas al volver.',
  saleWaiting: 'Sin conexión con el servidor; se envía sola al volver la conexión',
  storageLow:
    'El dispositivo casi no tiene espacio para guardar ventas: liberá espacio (fotos, otras apps) y sincronizá. Si no hay conexión, usá «Exportar ventas pendientes».',
  storageLostDevice: (previous: string) =>
    `El navegador borró los datos de esta tablet (antes «${previous}»): las ventas que todavía no se habían enviado se perdieron con ellos y no se pueden recuperar desde acá. Avisale al dueño: en Configuración → Dispositivos, «${previous}» muestra cuántas tenía pendientes.`,
  storageLostSeq: (local: number, server: number) =>
    `La base de datos de esta tablet volvió a un estado anterior: el servidor ya tiene sus ventas hasta la N.º ${server} y esta tablet solo recordaba hasta la ${local}. Las ventas que no se habían enviado pueden faltar; avisale al dueño.`,
  mercadoPagoOffline: 'Requiere conexión a internet',
  invoiceWhenOnline: 'La factura se emitirá con CAE cuando vuelva la conexión. Podés reimprimirla desde Ventas.',
  invoiceAwaiting: 'Emitiendo la factura… Si el servidor no responde, se emitirá con CAE cuando llegue la respuesta.',
  invoiceHeld: 'Emitiendo la factura… Si el servidor no responde en unos segundos, se emite con el CAEA de este mostrador.',
  /** Issue #33.5: said in checkout, before confirming a Factura, when this device could not invoice through an outage. */
  noCaeaPtoVta:
    'Este mostrador no tiene punto de venta CAEA: si se corta la conexión, la factura no se podrá entregar hasta que vuelva. El administrador lo asigna en Configuración → Dispositivos.',
  noValidCaea: 'Este mostrador no tiene un CAEA vigente: si se corta la conexión, la factura no se podrá entregar hasta que vuelva.',
  /** The same two, said while the counter is already offline. */
  noCaeaPtoVtaOffline:
    'Sin conexión y sin punto de venta CAEA: la venta se guarda y la factura se emite cuando vuelva la conexión; no se puede entregar ahora. El administrador asigna el punto de venta en Configuración → Dispositivos.',
  noValidCaeaOffline: 'Sin conexión y sin un CAEA vigente: la venta se guarda y la factura se emite cuando vuelva la conexión; no se puede entregar ahora.',
  entryVersionUnknown: (version: number) =>
    `Falta la migración de ventas en cola de la versión ${version}: actualizá la aplicación. Las ventas quedan guardadas en este dispositivo.`,
} as const;
