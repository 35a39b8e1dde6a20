/** The POS's messages (spec §5/§8 texts) as Mantine notifications. */
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../domain/messages';
import type { CartResult } from '../../offline/cart';
import { refocusSearchIfIdle } from './focus-search';

/** Top centre: clear of the cart and of the sync status at the top right. Closing one gives the focus back to the search box. */
const show = (color: string, message: string) =>
  notifications.show({ color, message, autoClose: 3000, position: 'top-center', onClose: () => requestAnimationFrame(refocusSearchIfIdle) });
export const warn = (message: string) => show('warning', message);
export const success = (message: string) => show('success', message);

/** Warns when a cart change was refused; true when it went through. */
export function reportCartResult(result: CartResult): boolean {
  if (result === 'no-stock') warn(MSG.noMoreStock);
  if (result === 'missing') warn(MSG.productNotFound);
  return result === 'ok';
}
