/**
 * Digital receipts' configuration from the environment (README "Configuración"): how long a link lives and
 * the SMTP server that sends the e-mails. The SMTP password lives only here (read once from SMTP_PASSWORD):
 * no route returns it and nothing logs it. Mail always travels over TLS: SMTP_SECURE=true for implicit TLS
 * (port 465), otherwise STARTTLS is required (a server that does not offer it is refused).
 */
import { readFileSync } from 'node:fs';

export interface SmtpConfig {
  host: string;
  port: number;
  /** Implicit TLS from the first byte (465); false: plain connect, then STARTTLS, required. */
  secure: boolean;
  user: string | null;
  password: string | null;
  /** The sender, e.g. `"Mi Comercio" <ventas@micomercio.com.ar>`. */
  from: string;
  /** SMTP_CA_FILE: extra CA certificates (PEM) to trust, for a mail server with a private CA. */
  ca: Buffer | null;
}

export interface ReceiptsConfig {
  /** RECEIPT_LINK_DAYS: a link opens its PDF for this many days (default 30). */
  linkDays: number;
  /** PUBLIC_URL when set: the links' origin; otherwise the origin the staff's request came to. */
  publicUrl: string | null;
  /** null: e-mail unavailable (no SMTP_HOST); the screens offer WhatsApp only and say why. */
  smtp: SmtpConfig | null;
}

export const DEFAULT_LINK_DAYS = 30;

function smtpFrom(env: NodeJS.ProcessEnv): SmtpConfig | null {
  const host = env.SMTP_HOST?.trim();
  if (!host) return null;
  const secure = ['1', 'true', 'yes', 'on'].includes((env.SMTP_SECURE ?? '').toLowerCase());
  const port = Number(env.SMTP_PORT || (secure ? 465 : 587));
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`SMTP_PORT no es un puerto válido: ${env.SMTP_PORT}`);
  const user = env.SMTP_USER?.trim() || null;
  const from = env.SMTP_FROM?.trim() || (user?.includes('@') ? user : null);
  if (!from) throw new Error('Con SMTP_HOST hace falta SMTP_FROM (la dirección que envía los comprobantes)');
  return { host, port, secure, user, password: env.SMTP_PASSWORD || null, from, ca: env.SMTP_CA_FILE ? readFileSync(env.SMTP_CA_FILE) : null };
}

export function receiptsFrom(env: NodeJS.ProcessEnv): ReceiptsConfig {
  const days = Number(env.RECEIPT_LINK_DAYS);
  return {
    linkDays: env.RECEIPT_LINK_DAYS && Number.isFinite(days) && days > 0 ? days : DEFAULT_LINK_DAYS,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || null,
    smtp: smtpFrom(env),
  };
}
