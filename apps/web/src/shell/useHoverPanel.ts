/**
 * The hover sub-panel's timing (SPEC §2.2, §9), headless: a group opens after MENU_HOVER_DELAY_MS
 * of hover (at once when a panel is already open, so moving along the menu does not flicker);
 * the panel closes when the pointer has left both the menu and the panel.
 */
import { MENU_HOVER_DELAY_MS } from '@zb/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Grace period for the pointer to cross the gap between the menu and the panel. */
export const LEAVE_GRACE_MS = 150;

export const useHoverPanel = <K extends string>() => {
  const [openKey, setOpenKey] = useState<K | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const openRef = useRef<K | null>(null);
  openRef.current = openKey;

  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => clear, [clear]);

  const enterGroup = useCallback(
    (key: K) => {
      clear();
      if (openRef.current !== null) {
        setOpenKey(key);
        return;
      }
      timer.current = setTimeout(() => setOpenKey(key), MENU_HOVER_DELAY_MS);
    },
    [clear],
  );

  /** Keyboard focus opens at once. */
  const openNow = useCallback(
    (key: K) => {
      clear();
      setOpenKey(key);
    },
    [clear],
  );

  const leave = useCallback(() => {
    clear();
    timer.current = setTimeout(() => setOpenKey(null), LEAVE_GRACE_MS);
  }, [clear]);

  /** The pointer entered the panel: keep it open. */
  const enterPanel = clear;

  const close = useCallback(() => {
    clear();
    setOpenKey(null);
  }, [clear]);

  return { openKey, enterGroup, openNow, leave, enterPanel, close };
};
