/**
 * Loads the alert and notice hosts (antd's Modal and notification, about 20 KB gzip) off the
 * first screen: once the page has loaded and the browser is idle, or at once when an alert is
 * raised before that. Alerts wait in their queue and notices in their backlog until the hosts
 * listen, so nothing raised meanwhile is lost.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { pendingAlerts, subscribeAlerts } from './alerts';

const Hosts = lazy(() => import('./Hosts'));

/** Calls `fn` after the window's load event, when the browser is next idle. */
const afterLoad = (fn: () => void): (() => void) => {
  let cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(fn, { timeout: 1000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(fn, 0);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
};

export function LazyHosts() {
  const [wanted, setWanted] = useState(() => pendingAlerts() > 0);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const unsubscribe = subscribeAlerts(want);
    const cancel = afterLoad(want);
    return () => {
      unsubscribe();
      cancel();
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Hosts />
    </Suspense>
  ) : null;
}
