/**
 * The texts the public pages (landing, catalogue, payment results, login) and the shared API client need,
 * apart from the rest of MSG (messages.ts spreads them in, so MSG.x still reads every text): a visitor's
 * first load carries these few lines, not every message of the back office and the server.
 */
export const PUBLIC_MSG = {
  networkError: 'No se pudo conectar con el servidor. Revisá tu conexión.',
  loginError: 'Error al iniciar sesión',
  changePasswordError: 'Error al cambiar contraseña',
  catalogError: 'Error al obtener catálogo',
  categoriesListError: 'Error al obtener categorías',
  productsListError: 'Error al obtener productos',
  contactFormError: 'Error al enviar el mensaje. Por favor, intenta nuevamente.',
  contactThanks: '¡Gracias por tu consulta! Te contactaremos pronto.',
  contactMessageTooShort: 'El mensaje debe tener al menos 10 caracteres',
  contactMessageTooLong: 'El mensaje no puede superar los 5000 caracteres',
  businessInfoGetError: 'Error al obtener información del negocio',
  businessInfoUpdateError: 'Error al actualizar información del negocio',
  paymentNoReference: 'No se encontró información de la venta',
  paymentConfirmError: 'Error al confirmar pago',
  paymentSaleError: 'Error al crear venta con pago',
  paymentSettingsError: 'Error al guardar la configuración de Mercado Pago',
  paymentSettingsGetError: 'Error al obtener la configuración de Mercado Pago',
  paymentStatusError: 'Error al consultar estado de pago',
  preferenceError: 'Error al crear preferencia de pago',
} as const;
