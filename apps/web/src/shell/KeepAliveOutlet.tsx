/**
 * The shell's outlet with keep-alive (SPEC §2.2): the contract's keepAlive pages stay mounted
 * (hidden with display:none) while the user is elsewhere, so their filters, page, scroll and form
 * contents survive a detail and back, and reopening them from the menu. A hidden page sees its
 * own, frozen location, so a list reading its filters from the URL does not read the detail's.
 * At most KEEP_ALIVE_MAX pages are kept; the least recently shown goes first.
 */
import { type ReactNode, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import {
  type Location,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useNavigate,
  useNavigationType,
  useOutlet,
} from 'react-router';
import { normalizePath } from './currentRoute';
import { isKeptAlive, KEEP_ALIVE_MAX, type KeptPage, pageKey, restoreTarget, touch } from './keepAliveCache';

interface Entry {
  element: ReactNode;
  location: Location;
  scrollY: number;
}

export function KeepAliveOutlet({ fallback }: { fallback: ReactNode }) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const pathname = normalizePath(location.pathname);
  const key = pageKey(pathname, location.search);
  const kept = isKeptAlive(pathname);

  const entries = useRef(new Map<string, Entry>());
  const recent = useRef<KeptPage[]>([]);
  const lastScroll = useRef(0);
  const shownKey = useRef<string | null>(null);

  const existing = entries.current.get(key);
  const restore = kept && existing ? restoreTarget(keptPageOf(key, existing), pathname, location.search) : null;
  if (kept && !restore) {
    entries.current.set(key, { element: outlet, location, scrollY: existing?.scrollY ?? 0 });
    recent.current = touch(recent.current, keptPageOf(key, entries.current.get(key)!), KEEP_ALIVE_MAX);
    for (const k of entries.current.keys()) if (!recent.current.some((p) => p.key === k)) entries.current.delete(k);
  }

  // Reopened bare (menu, bell, 返回): back to the page's own query, without a history entry.
  useEffect(() => {
    if (restore) navigate(restore, { replace: true });
  }, [restore, navigate]);

  useEffect(() => {
    const onScroll = () => {
      lastScroll.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // On a page change: remember where the kept page that leaves was scrolled; restore the one that returns.
  useLayoutEffect(() => {
    const left = shownKey.current ? entries.current.get(shownKey.current) : undefined;
    if (left && shownKey.current !== key) left.scrollY = lastScroll.current;
    shownKey.current = key;
    const back = entries.current.get(key);
    if (back && !restore) {
      window.scrollTo(0, back.scrollY);
      lastScroll.current = back.scrollY;
    }
  }, [key, restore]);

  const children: ReactNode[] = [];
  for (const [k, entry] of entries.current) {
    const active = k === key && !restore;
    children.push(
      <div key={`kept:${k}`} data-kept-page={k} style={active ? undefined : { display: 'none' }}>
        <LocationContext.Provider value={{ location: active ? location : entry.location, navigationType }}>
          <Suspense fallback={fallback}>{active ? outlet : entry.element}</Suspense>
        </LocationContext.Provider>
      </div>,
    );
  }
  if (!kept) {
    children.push(
      <div key={`page:${key}`}>
        <Suspense fallback={fallback}>{outlet}</Suspense>
      </div>,
    );
  }
  return children;
}

const keptPageOf = (key: string, entry: Entry): KeptPage => ({
  key,
  pathname: normalizePath(entry.location.pathname),
  search: entry.location.search,
  scrollY: entry.scrollY,
});
