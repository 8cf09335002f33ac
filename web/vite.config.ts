import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * Four builds from one folder: the site's browser bundle (build/web/client,
 * with a manifest the prerender step reads), its service worker, a Node module
 * that renders its pages to HTML at build time (build/web/server, see
 * scripts/prerender.ts), and the staff admin (`--mode admin`: web/admin, served for /admin/*), a
 * build of its own so that no public page can load its code
 * (docs/decisions/0012-the-admin-pages.md).
 */
/** RJSF marks its modules 'use client' for React Server Components, which this site does not use. */
const onwarn = (warning: { code?: string }, warn: (warning: never) => void) => {
  if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning as never);
};

const adminBuild = {
  outDir: '../build/web/client',
  // Runs after the site's build, into the same folder: its files sit beside the site's.
  emptyOutDir: false,
  // The site's build has copied web/public already.
  copyPublicDir: false,
  rolldownOptions: {
    input: 'admin/index.html',
    onwarn,
    output: {
      // Under assets/ (cached for a year, kept across deploys) and named apart from the site's.
      entryFileNames: 'assets/admin-[name]-[hash].js',
      chunkFileNames: 'assets/admin-[name]-[hash].js',
      assetFileNames: 'assets/admin-[name]-[hash][extname]',
    },
  },
};

/**
 * The service worker (`--mode service-worker`): one classic script at /sw.js,
 * the scope of the whole site, beside the site's files. It shares the outbox's
 * sending code with the pages; no page loads it as a module.
 */
const serviceWorkerBuild = {
  outDir: '../build/web/client',
  emptyOutDir: false,
  copyPublicDir: false,
  rolldownOptions: { input: 'app/offline/service-worker.ts', onwarn, output: { format: 'iife' as const, entryFileNames: 'sw.js' } },
};

/**
 * The admin's service worker (`--mode admin-service-worker`): /admin-sw.js, registered with the
 * admin's scope when staff turn notifications on; it shows them and opens the order.
 */
const adminServiceWorkerBuild = {
  ...serviceWorkerBuild,
  rolldownOptions: { input: 'admin/features/notifications/service-worker.ts', onwarn, output: { format: 'iife' as const, entryFileNames: 'admin-sw.js' } },
};

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [tailwindcss()],
  build: isSsrBuild
    ? { outDir: '../build/web/server', emptyOutDir: true, rolldownOptions: { input: 'app/entry.prerender.tsx', onwarn } }
    : mode === 'admin'
      ? adminBuild
      : mode === 'service-worker'
        ? serviceWorkerBuild
        : mode === 'admin-service-worker'
        ? adminServiceWorkerBuild
        : {
          outDir: '../build/web/client',
          // The build folder sits outside web/; clear it so old hashed files do not pile up.
          emptyOutDir: true,
          manifest: true,
          rolldownOptions: {
            input: 'app/entry.client.tsx',
            onwarn,
            output: {
              // Fewer, larger first-load files: one for React and the router, one for
              // the site's frame (layout, texts, helpers, here or in web/shared, and the
              // outbox's flag every page reads). Pages and forms stay separate chunks,
              // loaded when needed.
              codeSplitting: {
                groups: [
                  { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
                  { name: 'site', test: /web[\\/](app|shared)[\\/](components|i18n|lib|config|hooks)[\\/]|web[\\/]app[\\/]offline[\\/]outbox-flag|shared[\\/]languages/ },
                ],
              },
            },
          },
        },
  server: {
    // `npm run dev` serves the site with Vite against the local stack's API and admin sign-in settings.
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}`,
      '/admin/config.json': `http://127.0.0.1:${process.env.API_PORT ?? 8080}`,
    },
  },
}));
