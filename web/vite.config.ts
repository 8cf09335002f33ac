import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * Two builds of the same app: the browser bundle (build/web/client, with a
 * manifest the prerender step reads) and a Node module that renders pages to
 * HTML at build time (build/web/server). See scripts/prerender.ts.
 */
/** RJSF marks its modules 'use client' for React Server Components, which this site does not use. */
const onwarn = (warning: { code?: string }, warn: (warning: never) => void) => {
  if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning as never);
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss()],
  build: isSsrBuild
    ? { outDir: '../build/web/server', emptyOutDir: true, rolldownOptions: { input: 'app/entry.prerender.tsx', onwarn } }
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
            // the site's shared frame (layout, texts, helpers). Pages and forms stay
            // separate chunks, loaded when needed.
            codeSplitting: {
              groups: [
                { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
                { name: 'site', test: /web[\\/]app[\\/](components|i18n|lib|config|hooks)[\\/]|shared[\\/]languages/ },
              ],
            },
          },
        },
      },
  server: {
    // `npm run dev` serves the site with Vite against the local stack's API.
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}` },
  },
}));
