/** The session watermark (SPEC §9): the last WATERMARK_CHARS characters of the login name. */
import { WATERMARK_CHARS } from '@zb/contract/constants';

export const watermarkText = (loginName: string | null | undefined): string =>
  loginName ? Array.from(loginName).slice(-WATERMARK_CHARS).join('') : '';

const escapeXml = (s: string): string =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** One tile of the repeated background: the text, faint and rotated. */
export const watermarkTile = (text: string): string => {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160">` +
    `<text x="50%" y="50%" text-anchor="middle" dominant-baseline="middle" transform="rotate(-22 120 80)" ` +
    `font-size="16" font-family="sans-serif" fill="rgba(0,0,0,0.07)">${escapeXml(text)}</text></svg>`;
  return `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
};
