/** POST /upload (docs/spec.md §7): multipart field "image"; the reply carries the stored URL. */
import { MSG } from '../../domain/messages';
import { api, type ReplyData } from './client';

export type UploadedImage = ReplyData<'POST /upload'>;

export function uploadImage(file: File) {
  const body = new FormData();
  body.append('image', file);
  return api('POST /upload', { body, errorMessage: MSG.uploadError });
}
