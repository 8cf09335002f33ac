/**
 * npm run dev — the site from source with Vite (reload on save), each page
 * rendered as the build prerenders it, in the language of its address, the staff admin's page for /admin/*,
 * the API and the admin's sign-in settings proxied to a running local stack
 * (API_PORT, default 8080). Listens on DEV_PORT (default 5173).
 */
import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import path from 'node:path';
import { createServer } from 'vite';
import { adminPath } from '../shared/admin-api';
import type { PageRenderer } from '../shared/content/renderer';
import { splitPageLanguage } from '../shared/page-language';
import { repoRoot } from '../infra/paths';

const port = Number(process.env.DEV_PORT ?? 5173);
const vite = await createServer({ root: path.join(repoRoot, 'web'), server: { middlewareMode: true }, appType: 'custom' });

createHttpServer((req, res) => {
  vite.middlewares(req, res, async () => {
    try {
      const url = req.url ?? '/';
      const { pathname } = new URL(url, 'http://localhost');
      if (pathname === adminPath || pathname.startsWith(`${adminPath}/`)) {
        const page = await readFile(path.join(repoRoot, 'web/admin/index.html'), 'utf8');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(await vite.transformIndexHtml(url, page.replace('./main.tsx', '/admin/main.tsx')));
      }
      // The typed defaults: staff's published content is the local stack's (npm start).
      const renderer = (await vite.ssrLoadModule('/app/entry.prerender.tsx')) as PageRenderer;
      const { language, path: pagePath } = splitPageLanguage(pathname);
      const prerendered = renderer.publishedPages({}).some((page) => page.path === pagePath && page.language === language);
      const { html } = await renderer.renderPage(prerendered ? pagePath : null, { overrides: {}, language });
      const page = renderer.completePage(html, {
        head: '',
        scripts: '<script type="module" src="/app/entry.client.tsx"></script>',
        fallback: !prerendered,
      });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(await vite.transformIndexHtml(url, page));
    } catch (error) {
      vite.ssrFixStacktrace(error as Error);
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end((error as Error).stack);
    }
  });
}).listen(port, () => console.log(`Dev site: http://localhost:${port}`));
