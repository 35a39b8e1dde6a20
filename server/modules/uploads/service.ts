/**
 * Uploaded images on disk. Invariants: only normalised WebP files named <uuid>.webp are written, always
 * inside config.uploadsDir and readable by the server's user only (0600); a delete only touches a plain file name (no separators, no "..") that
 * resolves inside that folder, and never an image a live product or the business logo still shows (409).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MSG } from '../../../domain/messages';
import type { Store } from '../../db/store';
import { badRequest, conflict, notFound } from '../../http/errors';
import { normaliseImage } from './image';
import { uploadsRepository } from './repository';

export const UPLOADS_URL_PREFIX = '/uploads/';
const DELETABLE_NAME = /^[A-Za-z0-9_-]+\.(webp|png|jpe?g|gif)$/;

export interface StoredImage {
  url: string;
  filename: string;
}

export async function storeImage(uploadsDir: string, upload: Buffer): Promise<StoredImage> {
  const webp = await normaliseImage(upload);
  if (!webp) throw badRequest(MSG.uploadNotImage);
  const filename = `${randomUUID()}.webp`;
  await mkdir(uploadsDir, { recursive: true, mode: 0o700 });
  await writeFile(path.join(uploadsDir, filename), webp, { flag: 'wx', mode: 0o600 });
  return { url: `${UPLOADS_URL_PREFIX}${filename}`, filename };
}

export async function deleteImage(store: Store, uploadsDir: string, filename: string): Promise<void> {
  const root = path.resolve(uploadsDir);
  const target = path.resolve(root, filename);
  if (!DELETABLE_NAME.test(filename) || path.dirname(target) !== root) throw badRequest(MSG.uploadBadName);
  const usage = await store.read((q) => uploadsRepository.usage(q, `${UPLOADS_URL_PREFIX}${filename}`));
  if (usage.logo) throw conflict(MSG.uploadUsedByLogo, usage);
  if (usage.products > 0) throw conflict(MSG.uploadUsedByProducts(usage.products), usage);
  try {
    await unlink(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(MSG.uploadNotFound);
    throw error;
  }
}
