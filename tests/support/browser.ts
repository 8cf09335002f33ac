import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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
   * cleanly. Forms filled in milliseconds need no help: the page itself holds
   * each order until a person could have filled the form (decision 11).
   */
  newPage(): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

export interface BrowserOptions {
  /**
   * The site's service worker serves the scripts it keeps itself, past a
   * test's routes; only the tests of offline pages let it run.
   */
  serviceWorkers?: 'allow' | 'block';
  /** False: a browser that runs no script at all, as the tests of pages with scripts off need. */
  javaScriptEnabled?: boolean;
}

export async function launchBrowser(viewport = { width: 390, height: 844 }, { serviceWorkers = 'block', javaScriptEnabled = true }: BrowserOptions = {}): Promise<TestBrowser> {
  const profile = await mkdtemp(path.join(tmpdir(), 'agri-dealer-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
    viewport,
    serviceWorkers,
    javaScriptEnabled,
  });
  return {
    context,
    async newPage() {
      const page = await context.newPage();
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
