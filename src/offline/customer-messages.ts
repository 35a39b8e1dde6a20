/** Spanish texts of the customer file on the counter and in the back office (issue #33 item 1). */
export const CUSTOMER_MSG = {
  syncError: 'No se pudieron enviar los clientes nuevos; se reintenta solo',
  listError: 'No se pudieron cargar los clientes',
  saveError: 'No se pudo guardar el cliente',
  created: 'Cliente creado',
  updated: 'Cliente actualizado',
  deactivated: 'Cliente desactivado',
  deactivateError: 'No se pudo desactivar el cliente',
  deactivateConfirm: (name: string) => `¿Desactivar a «${name}»? Deja de aparecer en el mostrador; sus ventas quedan como estaban.`,
  empty: 'No hay clientes que coincidan',
  localEmpty: 'Ningún cliente del mostrador coincide. Podés crearlo con «Nuevo cliente».',
  localLoadError: 'No se pudieron leer los clientes guardados en este dispositivo',
  documentTaken: (name: string) => `Ya hay un cliente con ese documento: ${name}. Elegilo de la lista.`,
  createdLocal: 'Cliente guardado en este dispositivo; se envía al servidor con la próxima sincronización',
  registryOffline: 'Sin conexión: el padrón de ARCA no se puede consultar. Escribí el nombre, la condición frente al IVA y el domicilio.',
  registryFilled: 'Datos completados desde el padrón de ARCA',
  registryLooking: 'Consultando el padrón de ARCA…',
} as const;
