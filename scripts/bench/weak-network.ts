/**
 * npm run bench:weak-network — a farmer's two-photo spare-part order from
 * phone-sized photos (about 3.7 MB each), in Chromium with the network
 * emulated (Chrome DevTools Protocol) from the moment the form has opened.
 * The farmer fills the form, picks the two photos last (their field is the
 * last one) and taps "Send Order" at once: the worst case, as the form starts
 * shrinking and uploading photos when they are picked.
 *  1. at 400 kbit/s each way with 400 ms latency: bytes sent and the time
 *     from the tap to the thank-you page (target under 12 s);
 *  2. the same line dropping for 30 s once the first photo has started to
 *     upload: the time until the order kept on the phone has left by itself,
 *     and the rows the sheet holds for it (must be exactly one).
 * Runs on a local stack of its own, without the service worker (its requests
 * would not go through the page's emulated line): the page sends the order
 * kept on the phone. Needs `npm run build` first.
 * Writes the table to perf-results/weak-network.md too.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CDPSession, Page, Request } from 'playwright-core';
import { launchBrowser } from '../../tests/support/browser';
import { startTestStack } from '../../tests/support/local-stack';
import { phonePhoto } from '../../tests/support/photos';
import { sheetRows } from '../../tests/support/sheets';
import { removeTempDir } from '../../tests/support/temp-dir';
import { waitForHydration } from '../../tests/support/visit';
import { repoRoot } from '../../infra/paths';
import { kb } from './lib/sizes';

const weakLine = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };
const dropSeconds = 30;
/** The delivery runs every few seconds locally: a second row would have come by then. */
const deliveryWaitMs = 20_000;

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { stack, dataDir } = await startTestStack();
const browser = await launchBrowser({ width: 360, height: 740 });
const rows: string[] = [];

/** What the page sends: request bodies, the photos' PUTs by their exact declared length. */
function countBytesSent(page: Page) {
  const sent = { bytes: 0 };
  page.on('request', (request: Request) => {
    void (async () => {
      const body = request.postDataBuffer();
      sent.bytes += body ? body.byteLength : Number((await request.headerValue('content-length')) ?? 0);
    })();
  });
  return sent;
}

async function openFilledOrder(name: string) {
  const { page } = await browser.newPage();
  // tsx keeps function names through a helper the functions passed to the page call, which the page lacks.
  await page.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  await page.goto(`${stack.siteUrl}/en/forms/part-wheeled-tractor?tractorName=${encodeURIComponent('Sonalika DI75 4x4')}`);
  await waitForHydration(page);
  const photo = await phonePhoto(page);
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', weakLine);
  await page.getByLabel('Part name').fill('Hydraulic pump');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Phone').fill('0555 11 22 33');
  await page.getByLabel('Wilaya (province)').selectOption('Batna');
  await page.getByLabel('Part location').selectOption('Engine');
  await page.getByLabel('Tractor year').fill('2012');
  const sent = countBytesSent(page);
  /** Picks the two photos, then taps "Send Order" at once; the time of the tap. */
  const pickAndSend = async () => {
    await page.locator('input[type=file]').setInputFiles([
      { name: 'pump.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'plate.jpg', mimeType: 'image/jpeg', buffer: photo },
    ]);
    await page.getByRole('img', { name: 'Photo 2' }).waitFor();
    const tapped = performance.now();
    await page.getByRole('button', { name: 'Send Order' }).click();
    return tapped;
  };
  return { page, cdp, sent, pickAndSend };
}

const rowsFor = async (name: string) => (await sheetRows(stack.sheetsDir, 'part-wheeled-tractor')).filter((row) => row.includes(name));

try {
  {
    const name = `Weak line ${randomUUID().slice(0, 6)}`;
    const { page, sent, pickAndSend } = await openFilledOrder(name);
    const firstPut = page.waitForRequest((request) => request.method() === 'PUT', { timeout: 120_000 });
    const started = await pickAndSend();
    await firstPut;
    const shrunkAfter = (performance.now() - started) / 1000;
    await page.waitForURL('**/thank-you', { timeout: 120_000 });
    const seconds = (performance.now() - started) / 1000;
    await page.waitForTimeout(deliveryWaitMs);
    rows.push(`| 400 kbit/s, 400 ms | ${kb(sent.bytes)} | ${seconds.toFixed(1)} s from the tap to the thank-you page (the first upload starts ${shrunkAfter.toFixed(1)} s after the tap: shrinking, asking for the upload URL) | ${(await rowsFor(name)).length} |`);
    await page.close();
  }
  {
    const name = `Dropped line ${randomUUID().slice(0, 6)}`;
    const { page, cdp, sent, pickAndSend } = await openFilledOrder(name);
    const firstPut = page.waitForRequest((request) => request.method() === 'PUT', { timeout: 120_000 });
    const started = await pickAndSend();
    await firstPut;
    await cdp.send('Network.emulateNetworkConditions', { ...weakLine, offline: true });
    await page.waitForTimeout(dropSeconds * 1000);
    await cdp.send('Network.emulateNetworkConditions', weakLine);
    await page.locator('#outbox-notice').filter({ hasText: 'has been sent' }).waitFor({ timeout: 180_000 });
    const seconds = (performance.now() - started) / 1000;
    await page.waitForTimeout(deliveryWaitMs);
    rows.push(`| 400 kbit/s, dropped ${dropSeconds} s during the upload | ${kb(sent.bytes)} | ${seconds.toFixed(1)} s from the tap to "sent" | ${(await rowsFor(name)).length} |`);
    await page.close();
  }
} finally {
  await browser.close();
  await stack.stop();
  await removeTempDir(dataDir);
}

const table = ['| line | bytes sent | time to the confirmation | rows in the sheet |', '|---|---|---|---|', ...rows].join('\n');
console.log(table);
const out = path.join(repoRoot, 'perf-results');
await mkdir(out, { recursive: true });
await writeFile(path.join(out, 'weak-network.md'), `${table}\n`);
