import type { Config } from '@react-router/dev/config';
import { cataloguePaths } from './app/catalogue/paths';

/**
 * A static site: no server rendering at request time. Public routes are
 * prerendered to HTML at build time (in Arabic) and hydrated in the browser;
 * other paths get the SPA fallback page.
 */
export default {
  appDirectory: 'app',
  buildDirectory: '../build/web',
  ssr: false,
  prerender: ['/', '/tracteurs', '/thank-you', ...cataloguePaths()],
} satisfies Config;
