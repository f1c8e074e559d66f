/**
 * Image uploads (SPEC §7.3 POST /rest/upload/uploadImg): multipart, field `file`. The server
 * checks the real type from the file's first bytes and the size against the `uploadMaxKb`
 * setting; the answer's url serves the image to any signed-in user.
 */
import { z } from 'zod';
import { endpoint, OPEN } from './endpoint';

/** Image types accepted, by their real content: mime → what the user is told. */
export const UPLOAD_IMAGE_TYPES = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WEBP',
} as const;
export type UploadImageMime = keyof typeof UPLOAD_IMAGE_TYPES;

/** The multipart field that carries the file. */
export const UPLOAD_FIELD = 'file';

export interface UploadedImage {
  /** Where the image is served: GET /rest/upload/file/:id. */
  url: string;
  name: string;
  size: number;
}

export interface UploadLimits {
  maxKb: number;
  types: UploadImageMime[];
}

export const UPLOAD_API = {
  /** Body: FormData with the image under UPLOAD_FIELD. */
  uploadImg: endpoint<undefined, unknown, UploadedImage>({
    method: 'POST',
    path: '/rest/upload/uploadImg',
    access: OPEN,
    summary: '上传图片',
  }),
  /** The limits the browser pre-checks with (the server checks them again). */
  limits: endpoint<undefined, undefined, UploadLimits>({
    method: 'GET',
    path: '/rest/upload/limits',
    access: OPEN,
    summary: '图片上传限制',
  }),
  /** The image itself, for <img src>: no account-version header can ride along. */
  file: endpoint<undefined, undefined, unknown>({
    method: 'GET',
    path: '/rest/upload/file/:id',
    access: OPEN,
    accountVersion: false,
    params: z.object({ id: z.string().uuid('图片编号无效') }),
    summary: '查看上传的图片',
  }),
} as const;

/** The url of an uploaded image by its file id. */
export const uploadedImageUrl = (id: string): string => `/rest/upload/file/${id}`;
