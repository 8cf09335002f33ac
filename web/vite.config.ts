import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: {
    // `npm run dev` serves the site with hot reload; the API comes from the local stack.
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}` },
  },
});
