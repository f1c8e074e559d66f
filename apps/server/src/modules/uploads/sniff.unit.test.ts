import { describe, expect, it } from 'vitest';
import { sniffImage } from './sniff';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffImage', () => {
  it('knows PNG, JPEG, GIF and WEBP by their first bytes', () => {
    expect(sniffImage(bytes([0x89], 'PNG\r\n\x1a\n', 'rest'))).toBe('image/png');
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(sniffImage(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(sniffImage(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffImage(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses anything else, however it is named', () => {
    expect(sniffImage(Buffer.from('这不是图片，只是文本'))).toBeNull();
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(sniffImage(bytes([0x89], 'PN'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});
