/** The POS's messages (spec §5/§8 texts) as Mantine notifications. */
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../domain/messages';
import type { CartResult } from '../../offline/cart';

/** Top centre: clear of the cart and of the sync status at the top right. */
export const warn = (message: string) => notifications.show({ color: 'warning', message, autoClose: 3000, position: 'top-center' });
export const success = (message: string) => notifications.show({ color: 'success', message, autoClose: 3000, position: 'top-center' });

/** Warns when a cart change was refused; true when it went through. */
export function reportCartResult(result: CartResult): boolean {
  if (result === 'no-stock') warn(MSG.noMoreStock);
  if (result === 'missing') warn(MSG.productNotFound);
  return result === 'ok';
}
