import { describe, expect, test } from 'vitest';
import { browserEnvironment } from '../support/environment';
import { visit } from '../support/visit';

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
});
