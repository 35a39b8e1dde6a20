/**
 * Image judging and normalisation. An upload is an image only if its first bytes say JPEG, PNG, WebP or
 * GIF AND sharp decodes it as that same format; the stored file is always a WebP re-encoded by sharp
 * (rotated per EXIF, fitted within LIMITS.uploadMaxSidePx without enlarging, metadata such as GPS dropped).
 */
import sharp from 'sharp';
import { LIMITS } from '../../../domain/constants';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';

const ascii = (buffer: Buffer, start: number, end: number) => buffer.subarray(start, end).toString('latin1');

/** The image format announced by the file's magic bytes, or null. */
export function sniffImageKind(buffer: Buffer): ImageKind | null {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buffer.length >= 12 && ascii(buffer, 0, 4) === 'RIFF' && ascii(buffer, 8, 12) === 'WEBP') return 'webp';
  if (buffer.length >= 6 && (ascii(buffer, 0, 6) === 'GIF87a' || ascii(buffer, 0, 6) === 'GIF89a')) return 'gif';
  return null;
}

/** Decompression-bomb guard: refuse images above this many pixels before decoding them. */
const MAX_INPUT_PIXELS = 50_000_000;

/** The WebP to store, or null when the bytes are not a decodable image of an accepted format. */
export async function normaliseImage(buffer: Buffer): Promise<Buffer | null> {
  const kind = sniffImageKind(buffer);
  if (!kind) return null;
  try {
    const input = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await input.metadata();
    if (format !== kind) return null;
    return await input
      .rotate()
      .resize({ width: LIMITS.uploadMaxSidePx, height: LIMITS.uploadMaxSidePx, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}
