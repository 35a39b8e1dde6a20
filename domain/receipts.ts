/**
 * Digital receipts (issue #35 item 4), the pure rules both sides share: the phone a wa.me link takes, the
 * text sent with the link, and the Spanish texts of the feature (the counter, the back office, the public page
 * of an expired link and the e-mail).
 */

export const RECEIPT_MSG = {
  send: 'Enviar comprobante',
  dialogTitle: 'Enviar comprobante',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  phoneLabel: 'Teléfono (WhatsApp)',
  phoneHelp: 'Con código de área, por ejemplo 11 5555-1234 o +54 9 351 555-1234',
  phoneInvalid: 'Ingresá el teléfono con código de área (entre 8 y 15 dígitos)',
  emailLabel: 'E-mail del cliente',
  openWhatsApp: 'Abrir WhatsApp',
  sendEmail: 'Enviar por e-mail',
  emailSent: (to: string) => `Comprobante enviado a ${to}`,
  emailUnavailable: 'El envío por e-mail no está disponible: el servidor no tiene configurado un servidor de correo (SMTP). Podés enviarlo por WhatsApp.',
  offline: 'Sin conexión: el comprobante se envía cuando vuelva la conexión con el servidor.',
  notSynced: 'La venta todavía no llegó al servidor: podés enviar el comprobante cuando figure como sincronizada.',
  rejected: 'La venta fue rechazada por el servidor: no hay comprobante para enviar.',
  linkExpires: (date: string) => `El enlace vence el ${date}.`,
  whichInvoice: 'Se envía la factura (con su CAE); si la venta no tiene factura, el ticket.',
  // Server side.
  saleCancelled: 'La venta está cancelada: no tiene comprobante para enviar.',
  salePending: 'La venta todavía no está pagada: el comprobante se envía cuando se confirme el pago.',
  invoiceMissing: 'La venta no tiene una factura autorizada (con CAE o CAEA): enviá el ticket.',
  smtpMissing: 'El envío por e-mail no está configurado en el servidor (SMTP).',
  smtpFailed: 'No se pudo enviar el e-mail: el servidor de correo no respondió o lo rechazó. Probá de nuevo o enviá el comprobante por WhatsApp.',
  unavailableTitle: 'Comprobante no disponible',
  unavailable: 'Este comprobante ya no está disponible. El enlace venció o no es válido: pedile al comercio que te lo envíe de nuevo.',
  pdfFailed: 'No se pudo armar el comprobante. Probá de nuevo en unos minutos.',
} as const;

/** What each kind of document is called in the message and the e-mail. */
export const RECEIPT_KIND_LABELS = { ticket: 'ticket', invoice: 'factura' } as const;
/** The same with its article, as a sentence says it («te enviamos la factura»). */
export const RECEIPT_KIND_NAMES = { ticket: 'el ticket', invoice: 'la factura' } as const;

/**
 * The digits a wa.me link takes (country code first, no +, no leading zeros), or null when `phone` cannot be
 * one. An Argentine number written the local way (area code + number, 10 digits, maybe with the leading 0)
 * gets 549 in front, as WhatsApp expects for Argentine mobiles; one with a country code is kept as typed.
 */
export function whatsappDigits(phone: string): string | null {
  const typed = phone.trim();
  let digits = typed.replace(/\D/g, '');
  if (typed.startsWith('+')) {
    // International as typed.
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
  } else if (!digits.startsWith('54')) {
    digits = digits.replace(/^0+/, '');
    if (digits.length === 10) digits = `549${digits}`;
  }
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/** The message that travels with the link. */
export function receiptShareText(input: { businessName: string; kind: keyof typeof RECEIPT_KIND_LABELS; saleNumber: string; url: string }): string {
  const from = input.businessName.trim() ? ` de ${input.businessName.trim()}` : '';
  return `Hola, te enviamos ${RECEIPT_KIND_NAMES[input.kind]} de tu compra${from} (venta ${input.saleNumber}): ${input.url}`;
}

/** https://wa.me/<digits>?text=<text>: opens WhatsApp (app or web) with the message typed, ready to send. */
export function whatsappUrl(digits: string, text: string): string {
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
