import { useSyncExternalStore } from 'react';

/** Tables need a desk's width; below it lists become cards. */
const wide = '(min-width: 64rem)';

function subscribe(listener: () => void) {
  const query = window.matchMedia(wide);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(wide).matches);
}
