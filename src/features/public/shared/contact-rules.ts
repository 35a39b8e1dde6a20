/**
 * Message length rule of spec §5, as the server applies it (domain/schemas/contact.ts): trimmed, 10 to
 * 5000 characters. Kept here too because importing the schema module would pull zod into public pages.
 */
import { LIMITS } from '../../../../domain/constants';
import { MSG } from '../../../../domain/messages';

export const MESSAGE_MIN = LIMITS.contactMessageMin;
export const MESSAGE_MAX = LIMITS.contactMessageMax;

export function messageLengthWarning(message: string): string | null {
  const length = message.trim().length;
  if (length < MESSAGE_MIN) return MSG.contactMessageTooShort;
  if (length > MESSAGE_MAX) return MSG.contactMessageTooLong;
  return null;
}

/** Mensaje helper text: "count/5000 caracteres". */
export const messageCounter = (message: string) => `${message.length}/${MESSAGE_MAX} caracteres`;
