/**
 * The shop's logo on the thermal roll (issue #35 item 1). The business logo (its /uploads URL, pulled with the
 * business info) is drawn once on this tablet, on white, at the size domain/printing/logo-size.ts gives, and
 * kept in the device store with the URL it came from: a ticket printed offline still carries it, and it is drawn
 * again only when the logo changes. A logo that cannot be fetched or decoded leaves the last one drawn (none at
 * first): a ticket is never held up by it.
 */
import { logoSize } from '../../../../domain/printing/logo-size';
import type { RasterImage } from '../../../../domain/printing/layout';
import { getMeta, setMeta } from '../../../offline/db';

async function draw(url: string): Promise<RasterImage | null> {
  const response = await fetch(url);
  if (!response.ok) return null;
  const bitmap = await createImageBitmap(await response.blob());
  const { width, height } = logoSize(bitmap.width, bitmap.height);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return { width, height, data: context.getImageData(0, 0, width, height).data };
}

/** Brings `meta.ticketLogo` in line with the business logo `url` (null: the shop has none, so none prints). */
export async function refreshTicketLogo(url: string | null | undefined): Promise<void> {
  const stored = await getMeta('ticketLogo');
  if (!url) {
    if (stored) await setMeta('ticketLogo', null);
    return;
  }
  if (stored?.url === url) return;
  try {
    const image = await draw(url);
    if (image) await setMeta('ticketLogo', { url, image });
  } catch {
    // Unreachable or not an image: the last logo drawn stays (the next refresh tries again).
  }
}
