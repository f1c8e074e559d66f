/** Covers every shell page with the repeated watermark; it never catches the pointer. */
import { useMemo } from 'react';
import { useSessionUser } from '../platform/session';
import { watermarkText, watermarkTile } from './watermark';

export function Watermark() {
  const text = watermarkText(useSessionUser()?.loginName);
  const backgroundImage = useMemo(() => watermarkTile(text), [text]);
  if (!text) return null;
  return (
    <div
      data-testid="watermark"
      data-text={text}
      aria-hidden
      style={{ position: 'fixed', inset: 0, zIndex: 1000, pointerEvents: 'none', backgroundImage }}
    />
  );
}
