/** Images (docs/spec.md §7), admin only: upload (multipart field "image", stored as WebP) and delete. */
import { uploadedImageDto, uploadParams } from '../schemas/products';
import { endpoint, noData } from './endpoint';

export const uploadsApi = {
  upload: endpoint('POST /upload', { reply: uploadedImageDto, status: 201 }),
  remove: endpoint('DELETE /upload/:filename', { params: uploadParams, reply: noData }),
};
