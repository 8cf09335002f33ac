import { lazy, useEffect, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { replayEarlyTap } from './lib/early-taps';

/**
 * Every page of the site, each its own chunk. The prerender step renders the
 * public ones to HTML; in the browser the current page's chunk is loaded
 * before hydration, the others when a visitor navigates to them.
 */
type PageModule = { default: ComponentType };

const pageModules = import.meta.glob<PageModule>('./routes/*.tsx');

/** Path pattern → module in routes/. */
const pages: [path: string, module: string][] = [
  ['/', 'home'],
  ['/tracteurs', 'tractors'],
  ['/materiel-agricole', 'equipment-hub'],
  ['/materiel-agricole/:categoryId', 'equipment-category'],
  ['/pieces-detachees', 'spare-parts-hub'],
  ['/pieces-detachees/wheeled-tractors', 'wheeled-tractors'],
  ['/pieces-detachees/tracteurs-sans-roues', 'non-wheeled-tractors'],
  ['/pieces-detachees/tracteurs-sans-roues/:brandId', 'non-wheeled-brand'],
  ['/pieces-detachees/trucks', 'trucks'],
  ['/pieces-detachees/trucks/:brandId', 'truck-brand'],
  ['/pieces-detachees/working-machines', 'working-machines'],
  ['/pieces-detachees/agricultural-engines', 'engines'],
  ['/pieces-detachees/agricultural-engines/:categoryId', 'engine-category'],
  ['/pieces-detachees/ghiyar-3itad-zira3i', 'farm-parts-hub'],
  ['/pieces-detachees/ghiyar-3itad-zira3i/:categoryId', 'farm-parts-category'],
  // Wheeled-tractor brands sit directly under /pieces-detachees (the static sections above rank first).
  ['/pieces-detachees/:brandId', 'wheeled-brand'],
  ['/pieces-detachees/:brandId/:modelId', 'wheeled-model'],
  ['/forms/:formId', 'form'],
  ['/thank-you', 'thank-you'],
  ['*', 'not-found'],
];

type PageRoute = RouteObject & { source: string; load: () => Promise<PageModule> };

const routes: PageRoute[] = pages.map(([path, module]) => {
  const source = `./routes/${module}.tsx`;
  const importPage = pageModules[source];
  if (!importPage) throw new Error(`No page module ${source}`);
  let loaded: PageModule | undefined;
  const load = async () => (loaded ??= await importPage());
  // Once loaded, the page renders without suspending: hydration must find the
  // same content as the HTML, even when the visitor's language re-renders it.
  const Page = lazy(() => (loaded ? resolvedNow(loaded) : load()));
  return { path, source, load, element: <Page /> };
});

/** A thenable that React.lazy reads synchronously (a Promise always waits a tick). */
function resolvedNow(module: PageModule): Promise<PageModule> {
  return { then: (resolve: (value: PageModule) => void) => resolve(module) } as Promise<PageModule>;
}

function routeFor(pathname: string): PageRoute | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route as PageRoute | undefined;
}

/** The page for the current location (the router ranks static segments above parameters). */
export function PageRoutes() {
  // Here, not higher up: the page hydrates after the site's frame, and its buttons only answer then.
  useEffect(replayEarlyTap, []);
  return useRoutes(routes);
}

/** Loads the code of the page at `pathname` (without its language prefix), so that hydration finds it ready. */
export async function loadPage(pathname: string): Promise<void> {
  await routeFor(pathname)?.load();
}

/** The source file of the page at `pathname`, relative to web/ (as the build manifest names it). */
export function pageSource(pathname: string): string | undefined {
  const source = routeFor(pathname)?.source;
  return source && `app/${source.slice(2)}`;
}
