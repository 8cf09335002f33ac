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

  const modelPage = [
    { language: 'ar', part: 'اسم القطعة', fullName: 'الاسم الكامل', phone: 'رقم الهاتف', wilaya: 'الولاية', year: 'سنة صنع الجرار', location: 'موقع القطعة', resume: 'متابعة', addAnother: 'إضافة طلب آخر', alreadySent: 'أُرسل في هذا الطلب:' },
    { language: 'fr', part: 'Nom de la pièce', fullName: 'Nom complet', phone: 'Téléphone', wilaya: 'Wilaya', year: 'Année du tracteur', location: 'Emplacement de la pièce', resume: 'Reprendre', addAnother: 'Ajouter une autre', alreadySent: 'Déjà envoyé dans cette demande :' },
    { language: 'en', part: 'Part name', fullName: 'Full name', phone: 'Phone', wilaya: 'Wilaya (province)', year: 'Tractor year', location: 'Part location', resume: 'Continue', addAnother: 'Add Another', alreadySent: 'Already sent in this request:' },
  ] as const;

  test.each(modelPage)('after a reload on a model page, the offer to continue is in the first screen, where the form starts ($language, 360 px)', async ({ language, part, fullName, resume }) => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/pieces-detachees/sonalika/di75-4x2', language);
    await page.setViewportSize({ width: 360, height: 640 });
    await page.getByLabel(part).fill('Filtre à huile');
    await page.getByLabel(fullName).fill('Rachid Ouali');
    await expect.poll(() => page.evaluate(storedDrafts)).toBeGreaterThan(0);

    // Opened again (a reload would also put the farmer back where they had scrolled to).
    await page.goto(page.url());
    const offer = page.getByRole('button', { name: resume });
    await offer.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await offer.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThanOrEqual(640);
    // It sits above the form's first field, not below the empty form.
    expect(box.y).toBeLessThan((await page.getByLabel(part).boundingBox())!.y);
    await offer.click();
    expect(await page.getByLabel(fullName).inputValue()).toBe('Rachid Ouali');
    expect(errors).toEqual([]);
  });

  test.each(modelPage)('on a model page, "Add Another" keeps the farmer’s details, leaves the year empty and lists the part sent; one row per part ($language, 360 px)', async ({ language, part, fullName, phone, wilaya, year, location, addAnother, alreadySent }) => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/pieces-detachees/sonalika/di60', language);
    await page.setViewportSize({ width: 360, height: 640 });
    const name = `Farid Add-Another ${language} ${Date.now()}`;
    const fillPart = async (partName: string) => {
      await page.getByLabel(part).fill(partName);
      await page.getByLabel(year).fill('2014');
      await page.getByLabel(location).selectOption('Engine');
      await page.locator('input[type=file]').setInputFiles([{ name: 'plate.png', mimeType: 'image/png', buffer: smallPng }]);
      await page.getByRole('img', { name: /1$/ }).waitFor();
    };
    await fillPart('Filtre à huile');
    await page.getByLabel(fullName).fill(name);
    await page.getByLabel(phone).fill('0661 23 45 67');
    await page.getByLabel(wilaya).selectOption('Tiaret');
    await page.getByRole('button', { name: addAnother }).click();

    const sent = page.getByRole('region', { name: alreadySent });
    // The order leaves once a person could have filled the form (decision 11).
    await expect.poll(() => sent.getByRole('listitem').allInnerTexts(), { timeout: 15_000 }).toEqual([`${language === 'ar' ? 'سوناليكا' : 'Sonalika'} DI60 — Filtre à huile`]);
    expect([await page.getByLabel(fullName).inputValue(), await page.getByLabel(phone).inputValue(), await page.getByLabel(wilaya).inputValue()]).toEqual([
      name,
      '0661 23 45 67',
      'Tiaret',
    ]);
    expect([await page.getByLabel(part).inputValue(), await page.getByLabel(year).inputValue()]).toEqual(['', '']);

    await fillPart('Courroie');
    await page.getByRole('button', { name: addAnother }).click();
    await expect.poll(() => sent.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);
    const rows = await writtenRows(env.stack.sheetsDir, 'part-wheeled-tractor', (row) => row[5] === name, 2);
    expect(rows.map((row) => [row[0], row[1], row[2], row[6], row[7]])).toEqual([
      ['Filtre à huile', 'Sonalika DI60', '2014', 'Tiaret', '0661 23 45 67'],
      ['Courroie', 'Sonalika DI60', '2014', 'Tiaret', '0661 23 45 67'],
    ]);
    expect(errors).toEqual([]);
  });
});
