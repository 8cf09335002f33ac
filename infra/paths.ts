import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root, whatever the working directory of the process: for the CDK app, the local stack, the scripts and the tests. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The entry of a deployed function (a handler name of lambdas/routes.ts, or a worker's): `lambdas/functions/<name>/handler.ts`. */
export const functionEntry = (name: string) => path.join(repoRoot, 'lambdas', 'functions', name, 'handler.ts');

/** Where `npm run build` writes the web build: the static site under `client/`, the page renderer under `server/`. */
export const webBuildRoot = path.join(repoRoot, 'build', 'web');

/** Where `npm run build` writes the static site. */
export const defaultWebBuildDir = path.join(webBuildRoot, 'client');

/** The build's page renderer, which the site's publisher carries (lambdas/content/render-site.ts). */
export const pageRendererEntry = path.join(webBuildRoot, 'server', 'entry.prerender.js');
