import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AdminOrder } from '../../shared/admin-api';
import { parseCsv } from '../../shared/csv';
import type { Language } from '../../shared/languages';
import { adminJson, adminWords, expectAdminPage, expectNoSidewaysScroll, openAdmin, signInOnce, unexpectedErrors, type Screen } from '../support/admin';
import { seriousViolations } from '../support/axe';
import { browserEnvironment } from '../support/environment';
import { fixtureImages } from '../support/fixture-forms';
import { searchEntriesWritten } from '../support/submissions';

/**
 * The inbox the dealer's office works in, through the real sign-in, in
 * Arabic on a phone and in French on a desk: the search box finds an order
 * however its words are typed; the exports open in a spreadsheet as staff
 * expect (one sheet per form, the farmer's name first, phones as text, dates
 * as dates); an order prints on one page; the list sorted, its columns
 * chosen and kept, and a form's own view with its sheet's columns.
 */

// Orders are put in the inbox straight through the API, as a script would: the inbox, not the anti-spam rules, is under test.
const env = browserEnvironment({}, { antiSpam: false });
let token: string;

beforeAll(async () => {
  token = await signInOnce(env.browser, env.stack);
});

const orderOf = async (orderId: string) => (await adminJson<{ order: AdminOrder }>(env.stack, token, `/api/admin/orders/${orderId}`)).order;

const admin = (path: string, language: Language, screen: Screen) => openAdmin(env.browser, env.stack, path, { language, screen });

/** A tractor order sent to the public API, in the farmer's language. */
async function sendTractorOrder(data: Record<string, string>, language: Language = 'ar'): Promise<string> {
  const submissionId = randomUUID();
  const response = await fetch(`${env.stack.siteUrl}/api/forms/tractor-order/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify({ submissionId, data: { tractorModel: 'Sonalika DI75 4x4', wilaya: 'Setif', phone: '0661 12 34 56', ...data } }),
  });
  expect(response.status).toBe(201);
  await searchEntriesWritten(undefined, env.stack, submissionId);
  return submissionId;
}

/** A spare-part order with two photos, uploaded as the form uploads them. */
async function sendPartOrderWithPhotos(fullName: string): Promise<string> {
  const formId = 'part-wheeled-tractor';
  const files = [fixtureImages.jpeg, fixtureImages.png];
  const bytes = await Promise.all(files.map((file) => readFile(file)));
  const asked = await fetch(`${env.stack.siteUrl}/api/uploads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ formId, field: 'images', files: bytes.map((body, i) => ({ name: `photo-${i}`, type: i === 0 ? 'image/jpeg' : 'image/png', size: body.byteLength })) }),
  });
  expect(asked.status).toBe(201);
  const { uploads } = (await asked.json()) as { uploads: { uploadUrl: string; headers: Record<string, string>; publicUrl: string }[] };
  for (const [i, upload] of uploads.entries()) expect((await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: bytes[i] })).ok).toBe(true);
  const submissionId = randomUUID();
  const response = await fetch(`${env.stack.siteUrl}/api/forms/${formId}/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
    body: JSON.stringify({
      submissionId,
      data: { partName: 'Pompe hydraulique', tractorName: 'Sonalika DI75 4x4', tractorYear: 2019, fullName, phone: '0555 12 34 56', wilaya: 'Setif', partLocation: 'Gearbox', images: uploads.map((upload) => upload.publicUrl) },
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  await searchEntriesWritten(undefined, env.stack, submissionId);
  return submissionId;
}

/** A file the page downloads when `click` is done. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await click();
  return readFile((await (await download).path())!);
}

/** "2026-11-23 11:05": an instant in Algiers time, as the exports write it. */
function algiersMinute(iso: string): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Africa/Algiers', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** An Excel file as exceljs reads it. */
async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook;
}

/** A worksheet's rows as their cells' values, the first one its header. */
function rowsOf(worksheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  worksheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return rows;
}

/** The names the inbox lists (its cards or its table rows), once it has answered. */
async function listedNames(page: Page): Promise<string[]> {
  // The count of orders shown (in Arabic one or two are said in words) once the list has answered.
  await page.locator('main p[role="status"]').filter({ hasText: /\S/ }).first().waitFor();
  return page.locator('main ul li a[href^="/admin/orders/"], main tbody a[href^="/admin/orders/"]').evaluateAll((links) =>
    links.map((link) => (link.firstChild?.textContent ?? '').trim()),
  );
}

describe('the search box', () => {
  test('finds a name stored with أ when it is typed with ا, and keeps the search in the address (Arabic, phone)', async () => {
    const tag = randomUUID().slice(0, 6);
    const name = `أمين بلقاسم ${tag}`;
    await sendTractorOrder({ fullName: name });
    await sendTractorOrder({ fullName: `كريم ${tag}` });

    const { page, errors } = await admin('/admin/orders', 'ar', 'phone');
    await expectAdminPage(page, 'ar', adminWords.orders.ar);
    await page.getByLabel('البحث في الطلبات').fill(`امين ${tag}`);
    await page.getByRole('button', { name: 'بحث', exact: true }).click();
    await page.waitForURL(/q=/);
    await expect.poll(() => listedNames(page)).toEqual([name]);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    // The address holds the search: a reload shows the same.
    await page.reload();
    expect(await page.getByLabel('البحث في الطلبات').inputValue()).toBe(`امين ${tag}`);
    await expect.poll(() => listedNames(page)).toEqual([name]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  test('combines with the filters, and says when a search is too short (French, desk)', async () => {
    const tag = randomUUID().slice(0, 6);
    await sendTractorOrder({ fullName: `Hélène Durand ${tag}`, wilaya: 'Oran' }, 'fr');
    await sendTractorOrder({ fullName: `Helene Dupont ${tag}`, wilaya: 'Setif' }, 'fr');

    const { page, errors } = await admin('/admin/orders', 'fr', 'desk');
    await expectAdminPage(page, 'fr', adminWords.orders.fr);
    await page.getByLabel('Chercher dans les demandes').fill(`HELENE ${tag}`);
    await page.getByLabel('Chercher dans les demandes').press('Enter');
    await expect.poll(async () => (await listedNames(page)).sort()).toEqual([`Helene Dupont ${tag}`, `Hélène Durand ${tag}`]);
    await page.getByLabel('Wilaya').selectOption('Oran');
    await page.waitForURL(/wilaya=Oran/);
    await expect.poll(() => listedNames(page)).toEqual([`Hélène Durand ${tag}`]);
    expect(await page.getByLabel('Chercher dans les demandes').inputValue()).toBe(`HELENE ${tag}`);

    await page.getByLabel('Chercher dans les demandes').fill('a');
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await page.getByRole('alert').getByText('Tapez au moins deux lettres ou chiffres pour chercher.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('the exports', () => {
  test('a form’s orders as Excel and CSV: its columns in order, headed in French, phones as text, dates as dates; the selection alone (French, desk)', async () => {
    const tag = `exp${randomUUID().slice(0, 5)}`;
    const abroad = await sendTractorOrder({ fullName: `Jean Martin ${tag}`, phone: '+33 6 12 34 56 78', additionalEquipment: 'Charrue 3 socs' }, 'fr');
    const home = await sendTractorOrder({ fullName: `Karim Benali ${tag}`, phone: '0661 23 45 67' }, 'fr');
    await sendTractorOrder({ fullName: `Autre ${tag}` }, 'fr');
    const header = ['Nom complet', 'Téléphone', 'Wilaya', 'Modèle', 'Équipement supplémentaire (facultatif)', 'Date', 'Statut', 'Note', 'N° de demande'];

    const { page, errors } = await admin(`/admin/orders?form=tractor-order&q=${tag}`, 'fr', 'desk');
    await page.getByText('3 demandes affichées').waitFor();
    const list = page.getByRole('group', { name: 'Exporter la liste :' });

    const workbook = await workbookOf(await downloaded(page, () => list.getByRole('button', { name: 'Excel' }).click()));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Commander un tracteur']);
    const sheet = workbook.worksheets[0]!;
    const [head, ...rows] = rowsOf(sheet);
    expect(head).toEqual(header);
    expect(rows.map((row) => row.at(-1))).toEqual(expect.arrayContaining([abroad, home]));
    const abroadRow = sheet.getRow(2 + rows.findIndex((row) => row.at(-1) === abroad));
    // A number abroad stays text, as typed; a date is a date, in Algiers time.
    expect(abroadRow.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(abroadRow.getCell(2).value).toBe('+33 6 12 34 56 78');
    expect(abroadRow.getCell(2).numFmt).toBe('@');
    expect(abroadRow.getCell(5).value).toBe('Charrue 3 socs');
    const date = abroadRow.getCell(6).value as Date;
    expect(date).toBeInstanceOf(Date);
    expect(date.toISOString().slice(0, 16).replace('T', ' ')).toBe(algiersMinute((await orderOf(abroad)).createdAt));

    const [csvHead, ...csvRows] = parseCsv(new TextDecoder().decode(await downloaded(page, () => list.getByRole('button', { name: 'CSV' }).click())));
    expect(csvHead).toEqual(header);
    const csvAbroad = csvRows.find((row) => row.at(-1) === abroad)!;
    expect(csvAbroad.slice(0, 4)).toEqual([`Jean Martin ${tag}`, "'+33 6 12 34 56 78", '19 - Sétif', 'Sonalika DI75 4x4']);
    expect(csvAbroad[5]).toBe(algiersMinute((await orderOf(abroad)).createdAt));
    expect(csvRows.find((row) => row.at(-1) === home)![1]).toBe('0661 23 45 67');

    // Only the selected order.
    await page.getByRole('checkbox', { name: `Sélectionner la demande de Karim Benali ${tag}` }).check();
    const selection = page.getByRole('group', { name: 'Exporter la sélection (1) :' });
    const chosen = await workbookOf(await downloaded(page, () => selection.getByRole('button', { name: 'Excel' }).click()));
    expect(rowsOf(chosen.worksheets[0]!).map((row) => row.at(-1))).toEqual(['N° de demande', home]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  test('every form at once: a worksheet per form, a CSV section per form without a header twice (Arabic, desk)', async () => {
    const tag = `all${randomUUID().slice(0, 5)}`;
    const tractor = await sendTractorOrder({ fullName: `كريم ${tag}` });
    const part = await sendPartOrderWithPhotos(`سمير ${tag}`);

    const { page, errors } = await admin(`/admin/orders?q=${tag}`, 'ar', 'desk');
    await expect.poll(() => listedNames(page)).toHaveLength(2);
    const list = page.getByRole('group', { name: 'تصدير القائمة:' });
    const workbook = await workbookOf(await downloaded(page, () => list.getByRole('button', { name: 'Excel' }).click()));
    expect(workbook.worksheets).toHaveLength(2);
    const byReference = new Map(workbook.worksheets.map((sheet) => [rowsOf(sheet)[1]!.at(-1), sheet]));
    const partSheet = byReference.get(part)!;
    expect(byReference.get(tractor)!.views[0]).toMatchObject({ rightToLeft: true });
    const [partHead, partRow] = rowsOf(partSheet);
    expect(partHead!.slice(0, 3)).toEqual(['الاسم الكامل', 'رقم الهاتف', 'الولاية']);
    expect(new Set(partHead).size).toBe(partHead!.length);
    // Each photo its own link.
    const links = partRow!.filter((cell): cell is ExcelJS.CellHyperlinkValue => typeof cell === 'object' && cell !== null && 'hyperlink' in cell);
    expect(links).toHaveLength(2);
    for (const link of links) expect((await fetch(link.hyperlink)).headers.get('content-type')).toMatch(/^image\//);

    const csv = parseCsv(new TextDecoder().decode(await downloaded(page, () => list.getByRole('button', { name: 'CSV' }).click())));
    const titles = csv.filter((row) => row.length === 1 && row[0] !== '').map((row) => row[0]);
    expect(titles.sort()).toEqual(['طلب جرار', (await orderOf(part)).formTitle].sort());
    expect(csv.filter((row) => row[0] === 'الاسم الكامل')).toHaveLength(2);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('printing an order', () => {
  test('fits one A4 page with its photos, without the admin’s menus (French)', async () => {
    const orderId = await sendPartOrderWithPhotos(`Nadir Imprimé ${randomUUID().slice(0, 5)}`);
    const { page, errors } = await admin(`/admin/orders/${orderId}`, 'fr', 'desk');
    const photos = page.getByRole('link', { name: /^Photo \d, ouvrir en grand$/ });
    await expect.poll(() => photos.count()).toBe(2);
    await page.getByRole('button', { name: 'Imprimer' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Menu de l’administration' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Imprimer' }).isVisible()).toBe(false);
    for (const photo of await photos.locator('img').all()) {
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await photo.isVisible()).toBe(true);
    }
    const pdf = (await page.pdf({ format: 'A4', printBackground: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('sort and columns', () => {
  /** The table's column headings, once its rows are there (the first column is the selection's box). */
  const headings = async (page: Page) => {
    await page.locator('main tbody tr').first().waitFor();
    return (await page.locator('main thead th').allTextContents()).slice(1);
  };

  test('sorts by wilaya and oldest first, keeps the columns chosen after a reload and for the staff member; a form’s view shows its fields in its sheet’s order (French, desk)', async () => {
    const tag = `srt${randomUUID().slice(0, 5)}`;
    // Sent in this order: the newest is Gamma.
    await sendTractorOrder({ fullName: `Alpha ${tag}`, wilaya: 'Oran' }, 'fr');
    await sendTractorOrder({ fullName: `Beta ${tag}`, wilaya: 'Adrar' }, 'fr');
    await sendTractorOrder({ fullName: `Gamma ${tag}`, wilaya: 'Setif' }, 'fr');

    const { page, errors } = await admin(`/admin/orders?q=${tag}`, 'fr', 'desk');
    await expect.poll(() => listedNames(page)).toEqual([`Gamma ${tag}`, `Beta ${tag}`, `Alpha ${tag}`]);
    // By wilaya: by number, 01 Adrar, 19 Sétif, 31 Oran.
    await page.getByLabel('Trier par').selectOption('wilaya');
    await page.waitForURL(/sort=wilaya/);
    await expect.poll(() => listedNames(page)).toEqual([`Beta ${tag}`, `Gamma ${tag}`, `Alpha ${tag}`]);
    await page.getByLabel('Trier par').selectOption('oldest');
    await page.waitForURL(/sort=oldest/);
    await expect.poll(() => listedNames(page)).toEqual([`Alpha ${tag}`, `Beta ${tag}`, `Gamma ${tag}`]);

    expect(await headings(page)).toEqual(['Date', 'Formulaire', 'Nom', 'Téléphone', 'Wilaya', 'Statut', 'Envoi']);
    await page.locator('summary').filter({ hasText: 'Colonnes' }).click();
    const columns = page.getByRole('group', { name: 'Colonnes' });
    await columns.getByRole('checkbox', { name: 'Formulaire' }).uncheck();
    await page.waitForURL(/cols=/);
    await columns.getByRole('checkbox', { name: 'Article' }).check();
    const chosen = ['Date', 'Nom', 'Téléphone', 'Wilaya', 'Article', 'Statut', 'Envoi'];
    await expect.poll(() => headings(page)).toEqual(chosen);
    expect(await page.locator('main tbody tr').first().textContent()).toContain('Sonalika DI75 4x4');
    // The name opens the order: it cannot be taken away.
    expect(await columns.getByRole('checkbox', { name: 'Nom' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The address holds the choices: a reload shows the same.
    await page.reload();
    await expect.poll(() => headings(page)).toEqual(chosen);
    await expect.poll(() => listedNames(page)).toEqual([`Alpha ${tag}`, `Beta ${tag}`, `Gamma ${tag}`]);

    // Back without them, the staff member finds the inbox as they left it.
    const again = await admin(`/admin/orders`, 'fr', 'desk');
    await again.page.waitForURL(/sort=oldest/);
    expect(new URL(again.page.url()).searchParams.get('cols')?.split(',')).toEqual(['date', 'name', 'phone', 'wilaya', 'item', 'status', 'delivery']);
    await expect.poll(() => headings(again.page)).toEqual(chosen);
    expect(await again.page.getByLabel('Trier par').inputValue()).toBe('oldest');

    // One form: its fields as the columns, in its sheet's order, the date where the sheet has it.
    await again.page.getByRole('search', { name: 'Filtres' }).getByLabel('Formulaire').selectOption('tractor-order');
    await again.page.waitForURL(/form=tractor-order/);
    await expect
      .poll(() => headings(again.page))
      .toEqual(['Nom complet', 'Téléphone', 'Wilaya', 'Date', 'Modèle', 'Équipement supplémentaire (facultatif)', 'Statut', 'Envoi']);
    expect(again.page.url()).toContain('sort=oldest');
    expect(unexpectedErrors([...errors, ...again.errors])).toEqual([]);
    await again.page.close();
    await page.close();
  });

  test('sorts by status on a phone, where the cards need no columns (Arabic, phone)', async () => {
    const tag = `srt${randomUUID().slice(0, 5)}`;
    // Sent in this order; the middle one is won.
    await sendTractorOrder({ fullName: `سمير ${tag}` });
    const won = await sendTractorOrder({ fullName: `وليد ${tag}` });
    await sendTractorOrder({ fullName: `كريم ${tag}` });
    const current = await orderOf(won);
    await adminJson(env.stack, token, `/api/admin/orders/${won}`, { method: 'PATCH', body: JSON.stringify({ status: 'won', version: current.version }) });

    // The sort the address names wins over the one remembered (oldest first, from the test before).
    const { page, errors } = await admin(`/admin/orders?q=${tag}&sort=newest`, 'ar', 'phone');
    await expect.poll(() => listedNames(page)).toEqual([`كريم ${tag}`, `وليد ${tag}`, `سمير ${tag}`]);
    await page.getByLabel('الترتيب').selectOption('status');
    await page.waitForURL(/sort=status/);
    // The new ones before the won one, newest first among them.
    await expect.poll(() => listedNames(page)).toEqual([`كريم ${tag}`, `سمير ${tag}`, `وليد ${tag}`]);
    await page.getByLabel('الترتيب').selectOption('oldest');
    await expect.poll(() => listedNames(page)).toEqual([`سمير ${tag}`, `وليد ${tag}`, `كريم ${tag}`]);
    expect(await page.locator('summary').filter({ hasText: 'الأعمدة' }).count()).toBe(0);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });
});
