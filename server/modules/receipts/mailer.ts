/**
 * Sends a receipt link by e-mail through the shop's SMTP server (nodemailer, imported on first use). Always
 * over TLS: implicit (SMTP_SECURE) or STARTTLS, required. A refusal or an unreachable server is a 502 with a
 * Spanish message; the error logged by the route carries codes, never the credentials.
 */
import { RECEIPT_KIND_LABELS, RECEIPT_KIND_NAMES, RECEIPT_MSG, receiptShareText } from '../../../domain/receipts';
import type { ReceiptLinkJson } from '../../../domain/schemas/receipts';
import { localDateTimeLabel } from '../../../domain/time';
import { AppError } from '../../http/errors';
import type { SmtpConfig } from './config';

export interface ReceiptMail {
  to: string;
  businessName: string;
  link: ReceiptLinkJson;
  timeZone: string;
}

/** What went wrong talking to the mail server, without anything secret (for the log). */
export class SmtpError extends AppError {
  constructor(readonly detail: { code?: string; responseCode?: number; command?: string }) {
    super(502, RECEIPT_MSG.smtpFailed);
  }
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function sendReceiptMail(smtp: SmtpConfig, mail: ReceiptMail): Promise<void> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    requireTLS: !smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    tls: { minVersion: 'TLSv1.2', ...(smtp.ca ? { ca: smtp.ca } : {}) },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const label = RECEIPT_KIND_LABELS[mail.link.kind];
  const shop = mail.businessName.trim() || 'Mostrador';
  const expires = localDateTimeLabel(mail.link.expiresAt, mail.timeZone);
  const text = `${receiptShareText({ businessName: mail.businessName, kind: mail.link.kind, saleNumber: mail.link.saleNumber, url: mail.link.url })}\n\n${RECEIPT_MSG.linkExpires(expires)}\n`;
  const html =
    `<p>Hola, te enviamos ${RECEIPT_KIND_NAMES[mail.link.kind]} de tu compra en <strong>${escapeHtml(shop)}</strong> (venta ${escapeHtml(mail.link.saleNumber)}).</p>` +
    `<p><a href="${escapeHtml(mail.link.url)}">Ver ${RECEIPT_KIND_NAMES[mail.link.kind]} (PDF)</a></p>` +
    `<p>${escapeHtml(RECEIPT_MSG.linkExpires(expires))}</p>`;
  try {
    await transport.sendMail({ from: smtp.from, to: mail.to, subject: `Tu ${label} de ${shop} (venta ${mail.link.saleNumber})`, text, html });
  } catch (error) {
    const e = error as { code?: string; responseCode?: number; command?: string };
    throw new SmtpError({ code: e.code, responseCode: e.responseCode, command: e.command });
  } finally {
    transport.close();
  }
}
