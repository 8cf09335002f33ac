import { useLocation } from 'react-router';
import { useHydrated } from '../hooks/useHydrated';

/**
 * An item's card, reached at its anchor (`/tracteurs#di75-4x2`, shared/catalogue/paths.ts
 * `itemAddress`, where "View product" and the search lead): it stops clear of
 * the sticky header and is marked as the one asked for, on a page load
 * (`:target`) and after a link of the site alike (the address's hash, once
 * the page has hydrated).
 */
export function useItemCardClass(itemId: string): string {
  const { hash } = useLocation();
  const asked = useHydrated() && decodeURIComponent(hash.slice(1)) === itemId;
  return `scroll-mt-24 target:ring-4 target:ring-harvest-400 ${asked ? 'ring-4 ring-harvest-400' : ''}`;
}
