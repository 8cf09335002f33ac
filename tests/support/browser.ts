import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { minimumFillMs } from '../../lambdas/forms/spam-verdict';

/** Debian's Chromium, headless, without the background traffic this machine's closed network refuses. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export interface TestBrowser {
  context: BrowserContext;
  /**
   * A new tab that records page errors, so a test can assert the page ran
   * cleanly. It sends forms at a person's pace (see `sendAtAPersonsPace`)
   * unless `personsPace` is false.
   */
  newPage(options?: { personsPace?: boolean }): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

export interface BrowserOptions {
  /**
   * The site's service worker serves the scripts it keeps itself, past a
   * test's routes; only the tests of offline pages let it run.
   */
  serviceWorkers?: 'allow' | 'block';
}

export async function launchBrowser(viewport = { width: 390, height: 844 }, { serviceWorkers = 'block' }: BrowserOptions = {}): Promise<TestBrowser> {
  const profile = await mkdtemp(path.join(tmpdir(), 'agri-dealer-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
    viewport,
    serviceWorkers,
  });
  return {
    context,
    async newPage({ personsPace = true } = {}) {
      const page = await context.newPage();
      if (personsPace) await sendAtAPersonsPace(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        // An address without a page answers 404 on purpose; Chromium logs that for the document itself.
        const documentStatus = message.text().startsWith('Failed to load resource') && message.location().url === page.url();
        if (message.type() === 'error' && !documentStatus) errors.push(message.text());
      });
      return { page, errors };
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Playwright fills a form in milliseconds, which the API takes for a bot's
 * (the minimum fill time, docs/decisions/0011). A tab made with this holds
 * each submission until a person could have filled the form: the minimum
 * fill time after its start token arrived, as a farmer typing would.
 */
async function sendAtAPersonsPace(page: Page): Promise<void> {
  const openedAt = new Map<string, number>();
  const formOf = (url: string) => /\/api\/forms\/([^/]+)\//.exec(new URL(url).pathname)?.[1] ?? '';
  page.on('response', (response) => {
    if (/\/api\/forms\/[^/]+\/start$/.test(new URL(response.url()).pathname)) openedAt.set(formOf(response.url()), Date.now());
  });
  await page.route(/\/api\/forms\/[^/]+\/submissions$/, async (route) => {
    const opened = openedAt.get(formOf(route.request().url()));
    const wait = opened === undefined ? 0 : opened + minimumFillMs + 100 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await route.continue();
  });
}
