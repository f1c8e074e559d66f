/** The real type of an image from its first bytes, whatever its name or declared type says. */
import type { UploadImageMime } from '@zb/contract/api/uploads';

const startsWith = (buf: Buffer, bytes: readonly number[], at = 0): boolean =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

export const sniffImage = (buf: Buffer): UploadImageMime | null => {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  return null;
};

/** The extension an image of this type is saved under. */
export const EXTENSION: Record<UploadImageMime, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
};
