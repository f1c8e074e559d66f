import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { qrPng } from './qrPng';

const decode = (png: Buffer) => {
  const img = PNG.sync.read(png);
  return { img, qr: jsQR(new Uint8ClampedArray(img.data), img.width, img.height) };
};

describe('qrPng', () => {
  it('writes a 1-bit PNG whose QR code reads back as the text', () => {
    const text = 'https://m.example.com/claim?no=8800123456789012&code=ABCDEFGH12';
    const png = qrPng(text);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png[24]).toBe(1); // IHDR bit depth
    expect(png[25]).toBe(0); // greyscale
    const { img, qr } = decode(png);
    expect(qr?.data).toBe(text);
    expect(img.width).toBe(img.height);
    // The quiet zone is white; the finder pattern's corner, just inside it, is black.
    const at = (x: number, y: number) => img.data[(y * img.width + x) * 4];
    expect(at(0, 0)).toBe(255);
    expect(at(16, 16)).toBe(0);
  });

  it('sizes the image by scale and margin', () => {
    const small = decode(qrPng('A1', { scale: 3, margin: 4 }));
    // Version 1 is 21 modules a side.
    expect(small.img.width).toBe((21 + 8) * 3);
    expect(small.qr?.data).toBe('A1');
  });
});
