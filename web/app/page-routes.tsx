import { lazy, useEffect, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import {
  engineCategoryPath,
  equipmentCategoryPath,
  equipmentHubPath,
  farmPartCategoryPath,
  nonWheeledBrandPath,
  sparePartSectionPath,
  sparePartsHubPath,
  tractorsPath,
  truckBrandPath,
  wheeledBrandPath,
  wheeledModelPath,
} from '../../shared/catalogue/paths';
import { formPagePath, homePath, thankYouPath } from './config/paths';
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
  [homePath, 'home'],
  [tractorsPath, 'tractors'],
  [equipmentHubPath, 'equipment-hub'],
  [equipmentCategoryPath(':categoryId'), 'equipment-category'],
  [sparePartsHubPath, 'spare-parts-hub'],
  [sparePartSectionPath('wheeled-tractors'), 'wheeled-tractors'],
  [sparePartSectionPath('tracteurs-sans-roues'), 'non-wheeled-tractors'],
  [nonWheeledBrandPath(':brandId'), 'non-wheeled-brand'],
  [sparePartSectionPath('trucks'), 'trucks'],
  [truckBrandPath(':brandId'), 'truck-brand'],
  [sparePartSectionPath('working-machines'), 'working-machines'],
  [sparePartSectionPath('agricultural-engines'), 'engines'],
  [engineCategoryPath(':categoryId'), 'engine-category'],
  [sparePartSectionPath('ghiyar-3itad-zira3i'), 'farm-parts-hub'],
  [farmPartCategoryPath(':categoryId'), 'farm-parts-category'],
  // Wheeled-tractor brands sit directly under /pieces-detachees (the static sections above rank first).
  [wheeledBrandPath(':brandId'), 'wheeled-brand'],
  [wheeledModelPath(':brandId', ':modelId'), 'wheeled-model'],
  [formPagePath(':formId'), 'form'],
  [thankYouPath, 'thank-you'],
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

const notFoundRoute = routes.find((route) => route.path === '*')!;

/**
 * The page of an address without one: what the fallback page (served with a
 * 404 for such addresses) shows in its HTML, in its language and with its own
 * title, until the site's code knows the address (an unknown brand says
 * "Brand not found"). Its code is loaded before hydration, like a page's.
 */
export const notFoundPage = notFoundRoute.element;
export const loadNotFoundPage = notFoundRoute.load;

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
