import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { setStoreFailure } from '../support/faults';
import { sheetRows, writtenRows } from '../support/sheets';
import { browserEnvironment } from '../support/environment';
import { phonePhoto } from '../support/photos';
import { fillSparePartOrder, forgetLanguageChoice, visit, waitForHydration } from '../support/visit';

/**
 * The wheeled-tractor spare-part form from a staff link (/forms/{formId}?…),
 * with two photos: shrunk in the browser, uploaded straight to S3 with
 * progress, then the order (which keeps checked copies), then /thank-you.
 */

const env = browserEnvironment();

const formPath = `/forms/part-wheeled-tractor?tractorName=${encodeURIComponent('Sonalika DI75 4x4')}`;
const formUrl = () => `${env.stack.siteUrl}${formPath}`;

/** A small PNG (kept as it is unless WebP makes it lighter). */
const smallPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAFklEQVR4nGNk+M+AFTBiFx4VGBUYHgIAW2MBEQ7bRtMAAAAASUVORK5CYII=',
  'base64',
);

async function openInFrench() {
  const { page, errors } = await env.browser.newPage();
  await forgetLanguageChoice(page);
  await page.goto(formUrl());
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Français' }).click();
  await page.getByRole('heading', { level: 1, name: 'Commander une pièce de tracteur' }).waitFor();
  return { page, errors };
}


describe('wheeled-tractor spare part with photos', () => {
  test('validates in French, uploads two shrunk photos with progress, writes the row and thanks the visitor', async () => {
    const { page, errors } = await openInFrench();
    const tractor = page.getByLabel('Tracteur', { exact: true });
    expect(await tractor.inputValue()).toBe('Sonalika DI75 4x4');
    expect(await tractor.getAttribute('readonly')).not.toBeNull();
    // No year given in advance: it would read as the farmer's answer.
    expect(await page.getByLabel('Année du tracteur').inputValue()).toBe('');
    // The "other location" text appears only for "Autre".
    expect(await page.getByLabel("Précisez l'emplacement").count()).toBe(0);

    await page.getByRole('button', { name: 'Envoyer la commande' }).click();
    for (const message of [
      'Le champ « Nom de la pièce » est obligatoire',
      'Le champ « Année du tracteur » est obligatoire',
      'Le champ « Nom complet » est obligatoire',
      'Le champ « Téléphone » est obligatoire',
      'Le champ « Wilaya » est obligatoire',
      "Le champ « Emplacement de la pièce » est obligatoire",
      'Au moins une image est requise',
    ]) {
      await page.getByText(message).waitFor();
    }

    const name = `Rachid Ouali ${randomUUID().slice(0, 6)}`;
    await fillSparePartOrder(page, name);
    const photo = await phonePhoto(page);
    expect(photo.byteLength).toBeGreaterThan(3_000_000);
    // What the browser uploads (as soon as the photos are picked): the exact size of each file, as it asks for its upload URL.
    const uploaded: { type: string; size: number }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/uploads')) uploaded.push(...(request.postDataJSON() as { files: typeof uploaded }).files);
    });
    await page.locator('input[type=file]').setInputFiles([
      { name: 'pompe.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'plaque.png', mimeType: 'image/png', buffer: smallPng },
    ]);
    await expect.poll(() => page.getByRole('img', { name: /^Photo \d$/ }).count()).toBe(2);

    // Record the progress messages and bars as they appear.
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
      new MutationObserver(() => {
        const status = document.querySelector('form [role=status]')?.textContent;
        if (status && seen.at(-1) !== status) seen.push(status);
        if (document.querySelector('form progress') && !seen.includes('progress')) seen.push('progress');
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Envoyer la commande' }).click();
    await page.waitForURL('**/thank-you');
    await page.getByRole('heading', { name: 'Merci !' }).waitFor();
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen).toEqual(expect.arrayContaining(['Envoi des images...', 'progress', 'Envoi de la commande...']));
    expect(seen.indexOf('Envoi des images...')).toBeLessThan(seen.indexOf('Envoi de la commande...'));

    const rows = await writtenRows(env.stack.sheetsDir, 'part-wheeled-tractor', (row) => row[5] === name);
    expect(rows).toHaveLength(1);
    const [partName, tractorName, year, location, images, , wilaya, phone] = rows[0]!;
    expect([partName, tractorName, year, location, wilaya, phone]).toEqual([
      'Pompe hydraulique',
      'Sonalika DI75 4x4',
      '2015',
      'Sous la cabine',
      'Batna',
      '0555 11 22 33',
    ]);

    // The phone photo left the phone shrunk as WebP, within 250 KB; the tiny PNG in whichever form is lighter.
    const [phoneUpload, smallUpload] = [...uploaded].sort((a, b) => b.size - a.size);
    expect(phoneUpload).toEqual({ name: expect.any(String), type: 'image/webp', size: expect.any(Number) });
    expect(phoneUpload!.size).toBeLessThanOrEqual(250_000);
    expect(smallUpload!.size).toBeLessThanOrEqual(smallPng.byteLength);
    // The sheet's links open the photos the order kept (made again from the uploads), on the site, as images only, at 1,600 px.
    const urls = images!.split(', ');
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url).toMatch(new RegExp(`^${env.stack.uploadsPublicUrl}photos/[0-9a-f-]{36}/images-[12]\\.(webp|png)$`));
    const [shrunk, small] = await Promise.all(urls.map((url) => fetch(url)));
    expect(shrunk!.headers.get('content-type')).toBe('image/webp');
    expect(['image/png', 'image/webp']).toContain(small!.headers.get('content-type'));
    expect(shrunk!.headers.get('x-content-type-options')).toBe('nosniff');
    expect(shrunk!.headers.get('content-security-policy')).toContain('sandbox');
    const keptBytes = (await shrunk!.arrayBuffer()).byteLength;
    const size = await page.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, urls[0]!);
    expect(size).toEqual([1600, 1200]);
    // Opened from the sheet, the photo shows, sandboxed as it is.
    const opened = await env.browser.newPage();
    await opened.page.goto(urls[1]!);
    expect(await opened.page.evaluate(() => document.images[0]?.naturalWidth)).toBe(8);
    await opened.page.close();
    console.info(`phone photo: ${photo.byteLength} bytes picked, ${phoneUpload!.size} bytes uploaded, ${keptBytes} bytes kept (${size.join('×')})`);
    expect(errors).toEqual([]);
  });

  test('the year opens the digits keypad, states its range and refuses a year still to come', async () => {
    const { page } = await openInFrench();
    const thisYear = new Date().getFullYear();
    const year = page.getByLabel('Année du tracteur');
    expect(await year.getAttribute('inputmode')).toBe('numeric');
    const range = page.getByText(`De 1900 à ${thisYear}`);
    expect((await year.getAttribute('aria-describedby'))?.split(' ')).toContain(await range.getAttribute('id'));

    await year.fill(String(thisYear + 1));
    await page.getByRole('button', { name: 'Envoyer la commande' }).click();
    await page.getByText(`« Année du tracteur » ne doit pas dépasser l'année en cours (${thisYear})`).waitFor();
  });

  test('refuses a sixth photo and a file that is not an image, in the visitor’s language', async () => {
    const { page } = await openInFrench();
    const files = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: smallPng }));
    await page.locator('input[type=file]').setInputFiles(files);
    await page.getByRole('alert').filter({ hasText: 'Maximum 5 images autorisées' }).waitFor();
    await page.locator('input[type=file]').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await page.getByRole('alert').filter({ hasText: "Le fichier notes.txt n'est pas une image valide." }).waitFor();
    expect(await page.getByRole('img', { name: /^Photo \d$/ }).count()).toBe(0);
  });

  test('typed in Arabic-Indic digits, the year and a phone abroad are read: the sheet gets 1998 and +33 6 12 34 56 78 as text (360 px)', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, formPath, 'ar');
    await page.setViewportSize({ width: 360, height: 640 });
    const name = `رشيد والي ${randomUUID().slice(0, 6)}`;
    await page.getByLabel('اسم القطعة').fill('مضخة هيدروليكية');
    await page.getByLabel('سنة صنع الجرار').fill('١٩٩٨');
    await page.getByLabel('موقع القطعة').selectOption('Engine');
    await page.getByLabel('الاسم الكامل').fill(name);
    await page.getByLabel('رقم الهاتف').fill('٠٠٣٣ ٦ ١٢ ٣٤ ٥٦ ٧٨');
    await page.getByLabel('الولاية').selectOption('Batna');
    await page.locator('input[type=file]').setInputFiles([{ name: 'plaque.png', mimeType: 'image/png', buffer: smallPng }]);
    // What the farmer typed stays as typed.
    expect(await page.getByLabel('سنة صنع الجرار').inputValue()).toBe('١٩٩٨');
    await page.getByRole('button', { name: 'إرسال الطلب' }).click();
    await page.waitForURL('**/thank-you');

    const [row] = await writtenRows(env.stack.sheetsDir, 'part-wheeled-tractor', (cells) => cells[5] === name);
    // The sheet takes the leading ' as "text" and shows +33 6 12 34 56 78 (docs/decisions/0015-phone-rule.md).
    expect([row![2], row![7]]).toEqual(['1998', "'+33 6 12 34 56 78"]);
    expect(errors).toEqual([]);
  });

  const notPhoto = [
    { language: 'ar', refused: (name: string) => `الملف ${name} ليس صورة صالحة.`, send: 'إرسال الطلب' },
    { language: 'fr', refused: (name: string) => `Le fichier ${name} n'est pas une image valide.`, send: 'Envoyer la commande' },
    { language: 'en', refused: (name: string) => `File ${name} is not a valid image.`, send: 'Send Order' },
  ] as const;

  test.each(notPhoto)('a file that is no photo is refused as it is picked, under the field, in the farmer’s language, and nothing leaves ($language, 360 px)', async ({ language, refused }) => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, formPath, language);
    await page.setViewportSize({ width: 360, height: 640 });
    const requests: string[] = [];
    page.on('request', (request) => /\/api\/uploads|\/uploads\//.test(request.url()) && requests.push(request.url()));
    const picker = page.locator('input[type=file]');
    const field = page.locator('form div.mb-4').filter({ has: picker });

    // A text file named like a photo: the phone calls it a JPEG, its bytes say otherwise.
    await picker.setInputFiles([{ name: 'plaque.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Hydraulic pump, ref 4132F061') }]);
    await field.getByRole('alert').filter({ hasText: refused('plaque.jpg') }).waitFor();
    expect(await page.getByRole('img', { name: /\d$/ }).count()).toBe(0);

    // A damaged photo, whose first bytes are a JPEG's: taken off as soon as the phone fails to read it.
    await picker.setInputFiles([{ name: 'abimee.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]) }]);
    await field.getByRole('alert').filter({ hasText: refused('abimee.jpg') }).waitFor();
    await expect.poll(() => page.getByRole('img', { name: /\d$/ }).count()).toBe(0);

    // A real one is taken, and the message goes.
    await picker.setInputFiles([{ name: 'plaque.png', mimeType: 'image/png', buffer: smallPng }]);
    await page.getByRole('img', { name: /\d$/ }).waitFor();
    expect(await field.getByRole('alert').count()).toBe(0);
    // Its upload starts once the phone has shrunk it, which may be after its tile shows.
    await expect.poll(() => requests.filter((url) => url.endsWith('/api/uploads'))).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('when the order cannot be stored: kept on the phone with its photos, and sent by itself once the store is back, without uploading them again', async () => {
    const { page } = await openInFrench();
    const name = `Samir Kaci ${randomUUID().slice(0, 6)}`;
    await fillSparePartOrder(page, name);
    await page.locator('input[type=file]').setInputFiles([{ name: 'a.png', mimeType: 'image/png', buffer: smallPng }]);

    const puts: string[] = [];
    page.on('request', (request) => request.method() === 'PUT' && puts.push(request.url()));
    const notice = (text: string) => page.locator('#outbox-notice[role=status]').filter({ hasText: text });
    await setStoreFailure(env.stack.endpoints.dynamoDb, { status: 503 });
    try {
      await page.getByRole('button', { name: 'Envoyer la commande' }).click();
      await notice("Le site n'a pas pu prendre votre commande à l'instant. Elle est gardée sur ce téléphone").waitFor({ timeout: 20_000 });
      expect((await sheetRows(env.stack.sheetsDir, 'part-wheeled-tractor')).filter((row) => row[5] === name)).toEqual([]);
    } finally {
      await setStoreFailure(env.stack.endpoints.dynamoDb, undefined);
    }
    await notice('Votre commande gardée a été envoyée').waitFor({ timeout: 40_000 });
    expect(puts).toHaveLength(1);
    expect(await writtenRows(env.stack.sheetsDir, 'part-wheeled-tractor', (row) => row[5] === name)).toHaveLength(1);
  }, 90_000);
});
