/** POST /upload (docs/spec.md §7): multipart field "image"; the reply carries the stored URL. */
import { MSG } from '../../domain/messages';
import { apiCall } from './client';

export interface UploadedImage {
  url: string;
  filename: string;
}

export function uploadImage(file: File) {
  const body = new FormData();
  body.append('image', file);
  return apiCall<UploadedImage>('post', 'upload', { body, errorMessage: MSG.uploadError });
}
