/**
 * Digital receipts (issue #35 item 4): a sale's ticket or invoice sent as a link to its PDF, by WhatsApp or
 * e-mail. The link holds a random token the server keeps only hashed, and it expires.
 */
import { requiredText, z } from './common';

export const RECEIPT_KINDS = ['ticket', 'invoice'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** POST /sales/:id/receipt-link: which document (default: the invoice when the sale has one with CAE/CAEA, else the ticket). */
export const receiptLinkBody = z.object({ kind: z.enum(RECEIPT_KINDS, 'debe ser ticket o invoice').optional() });

export const receiptLinkJson = z.object({
  /** Absolute URL of the PDF (`<origin>/r/<token>`): whoever has it can open it until it expires. */
  url: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  expiresAt: z.string(),
  saleNumber: z.string(),
  /** The phone in the file of the sale's customer, if any (prefills WhatsApp). */
  customerPhone: z.string().nullable(),
});
export type ReceiptLinkJson = z.infer<typeof receiptLinkJson>;

/** POST /sales/:id/receipt-email: a new link, sent to `to`. */
export const receiptEmailBody = receiptLinkBody.extend({
  to: requiredText(200).pipe(z.email('no es un email válido')),
});

export const receiptEmailJson = receiptLinkJson.extend({ to: z.string() });

/** GET /receipts/channels: WhatsApp always (the device opens wa.me); e-mail only when the server has SMTP. */
export const receiptChannelsJson = z.object({ whatsapp: z.literal(true), email: z.boolean() });
export type ReceiptChannelsJson = z.infer<typeof receiptChannelsJson>;
