/**
 * How large the shop's logo prints on the thermal roll (issue #35 item 1): as large as fits LOGO_MAX_WIDTH ×
 * LOGO_MAX_HEIGHT dots, never enlarged, its width a multiple of 8 (an ESC/POS raster is sent in whole bytes).
 * 256 dots leave margin on a 58 mm roll (384 dots) and sit centred on an 80 mm one (576).
 */
export const LOGO_MAX_WIDTH = 256;
export const LOGO_MAX_HEIGHT = 128;

export function logoSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, LOGO_MAX_WIDTH / width, LOGO_MAX_HEIGHT / height);
  return { width: Math.max(8, Math.floor((width * scale) / 8) * 8), height: Math.max(1, Math.round(height * scale)) };
}
