import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './App';

/**
 * Renders a page to HTML at build time (Node), in Arabic, with every lazy
 * page resolved. `null` renders the fallback page for paths without HTML.
 */
export async function renderPage(path: string | null): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={path ?? '/'}>
        <App fallback={path === null} />
      </StaticRouter>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export { prerenderedPaths } from './prerendered-paths';
export { pageSource } from './page-routes';
