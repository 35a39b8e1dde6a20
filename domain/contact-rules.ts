/** Contact/enquiry message rule of docs/spec.md §5 (zod-free and on PUBLIC_MSG, not MSG, so the public pages can import it cheaply). */
import { LIMITS } from './constants';
import { PUBLIC_MSG } from './public-messages';

/** The spec's warning for a message that is too short or too long after trimming; null when fine. */
export function contactMessageError(message: string): string | null {
  const length = message.trim().length;
  if (length < LIMITS.contactMessageMin) return PUBLIC_MSG.contactMessageTooShort;
  if (length > LIMITS.contactMessageMax) return PUBLIC_MSG.contactMessageTooLong;
  return null;
}

/** Mensaje helper text: "count/5000 caracteres". */
export const contactMessageCounter = (message: string) => `${message.length}/${LIMITS.contactMessageMax} caracteres`;
