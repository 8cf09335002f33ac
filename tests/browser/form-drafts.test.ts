import { describe, expect, test } from 'vitest';
import { minimumFillMs } from '../../shared/forms/anti-spam';
import { browserEnvironment } from '../support/environment';
import { writtenRows } from '../support/sheets';
import { fillSparePartOrder, load, visit } from '../support/visit';

/** What the farmer typed and the photos picked stay on the phone until the order is sent. */

const env = browserEnvironment();

const formPath = `/forms/part-wheeled-tractor?tractorName=${encodeURIComponent('Sonalika DI75 4x4')}`;

const smallPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAFklEQVR4nGNk+M+AFTBiFx4VGBUYHgIAW2MBEQ7bRtMAAAAASUVORK5CYII=',
  'base64',
);

/** How many drafts the page's IndexedDB holds. */
function storedDrafts(): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('agri-dealer');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const database = request.result;
      if (!database.objectStoreNames.contains('drafts')) return resolve(0);
      const count = database.transaction('drafts').objectStore('drafts').count();
      count.onsuccess = () => resolve(count.result);
      count.onerror = () => reject(count.error);
    };
  });
}

describe('form drafts', () => {
  test('a reload keeps the draft: the form offers to continue, with the photo, or to start over', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, formPath, 'en');
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await page.getByLabel('Part name').fill('Hydraulic pump');
    await page.getByLabel('Full name').fill('Rachid Ouali');
    await page.locator('input[type=file]').setInputFiles([{ name: 'plate.png', mimeType: 'image/png', buffer: smallPng }]);
    await page.getByRole('img', { name: 'Photo 1' }).waitFor();

    // The draft is written once typing pauses.
    await expect.poll(() => page.evaluate(storedDrafts)).toBe(1);
    await page.reload();
    await continueButton.waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
    await continueButton.click();
    expect(await page.getByLabel('Full name').inputValue()).toBe('Rachid Ouali');
    expect(await page.getByLabel('Part name').inputValue()).toBe('Hydraulic pump');
    expect(await page.getByLabel('Tractor', { exact: true }).inputValue()).toBe('Sonalika DI75 4x4');
    await page.getByRole('img', { name: 'Photo 1' }).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Start over' }).click();
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
    await expect.poll(() => page.evaluate(storedDrafts)).toBe(0);
    expect(errors).toEqual([]);
  });

  test('an order sent from a draft taken back is timed from when the farmer began: sent at once, it reaches the sheet', async () => {
    const name = 'Samir Draft-Repris';
    const first = await visit(env.browser, env.stack.siteUrl, formPath, 'fr');
    await fillSparePartOrder(first.page, name);
    await first.page.locator('input[type=file]').setInputFiles([{ name: 'plaque.png', mimeType: 'image/png', buffer: smallPng }]);
    await expect.poll(() => first.page.evaluate(storedDrafts)).toBe(1);
    // Long enough ago for a person to have typed it all.
    await first.page.waitForTimeout(minimumFillMs + 500);
    await first.page.close();

    // Back later: Continue, then Send at once, faster than anyone fills the form anew.
    const back = await env.browser.newPage();
    await load({ ...back, language: 'fr' }, `${env.stack.siteUrl}${formPath}`);
    await back.page.getByRole('button', { name: 'Reprendre' }).click();
    await back.page.getByRole('button', { name: 'Envoyer la commande' }).click();
    await back.page.waitForURL('**/thank-you');
    expect(await writtenRows(env.stack.sheetsDir, 'part-wheeled-tractor', (row) => row.includes(name))).toHaveLength(1);
    expect(back.errors).toEqual([]);
  });
});
