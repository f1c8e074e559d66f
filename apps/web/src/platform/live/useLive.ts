/**
 * The console's live stream as React sees it: the shell opens it once (useLiveStream), the bell
 * reads whether it is open (useLiveConnected) to poll only while it is not.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { NOTICE_KEYS } from '../notices/api';
import { startLive } from './live';

let connected = false;
const listeners = new Set<() => void>();
const setConnected = (value: boolean) => {
  if (value === connected) return;
  connected = value;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useLiveConnected = (): boolean => useSyncExternalStore(subscribe, () => connected);

/** Opens the stream for as long as the shell is mounted; an event reads its topic's queries again. */
export const useLiveStream = (): void => {
  const client = useQueryClient();
  useEffect(() => {
    const live = startLive({
      onEvent: (topic) => {
        // A topic's queries are keyed under its name (the bell's under NOTICE_KEYS.all).
        void client.invalidateQueries({ queryKey: topic === 'notices' ? NOTICE_KEYS.all : [topic] });
      },
      onConnected: setConnected,
    });
    return () => {
      live.stop();
      setConnected(false);
    };
  }, [client]);
};
