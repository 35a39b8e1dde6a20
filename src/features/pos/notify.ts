/** The POS's spoken-back messages (spec §5/§8 texts) as Mantine notifications. */
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../domain/messages';
import type { CartResult } from '../../offline/cart';

export const warn = (message: string) => notifications.show({ color: 'warning', message, autoClose: 3000 });
export const success = (message: string) => notifications.show({ color: 'success', message, autoClose: 3000 });

/** Warns when a cart change was refused; true when it went through. */
export function reportCartResult(result: CartResult): boolean {
  if (result === 'no-stock') warn(MSG.noMoreStock);
  if (result === 'missing') warn(MSG.productNotFound);
  return result === 'ok';
}
