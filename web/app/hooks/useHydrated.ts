import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * False in the HTML and while hydrating it, true from the next render on:
 * what depends on the browser (the query string, the fallback page's real
 * address) renders as the HTML did first, then as it is.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
