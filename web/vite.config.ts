import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // The build folder sits outside web/; clear it so old hashed files do not pile up.
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Fewer, larger first-load files: one for React and the router, one for
        // the site's shared frame (layout, texts, helpers). Routes and forms stay
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
    // `npm run dev` serves the site with hot reload; the API comes from the local stack.
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}` },
  },
});
