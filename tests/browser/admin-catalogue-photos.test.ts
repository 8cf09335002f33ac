import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ContentResponse, MediaPage } from '../../shared/admin-api';
import { adminJson, expectAdminPage, expectNoSidewaysScroll, openAdmin, signInOnce, unexpectedErrors } from '../support/admin';
import { browserEnvironment } from '../support/environment';
import { fixtureImages } from '../support/fixture-forms';
import { dropFiles } from '../support/photos';

/**
 * Photos for the whole catalogue in one sitting: staff drop many photos on
 * the library; each is sent with its own progress, one that failed on a weak
 * network is sent again alone, the one named after a catalogue entry lands
 * on that entry in the draft, and the other is chosen for an entry in the
 * grid of entries without a photo.
 */

const env = browserEnvironment({}, { antiSpam: false });
let token: string;

beforeAll(async () => {
  token = await signInOnce(env.browser, env.stack);
});

describe('photos for the catalogue, dropped on the library', () => {
  test('of two photos dropped, one failing once, the one named after an entry lands on it and the other is chosen in the grid (French, desk)', async () => {
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/media', { language: 'fr', screen: 'desk' });
    await expectAdminPage(page, 'fr', 'Médiathèque');
    const other = `chantier-${randomUUID().slice(0, 8)}.jpg`;

    // The weak network: the first photo's transfer to the bucket breaks; the second goes through.
    let transfers = 0;
    await page.route(
      (url) => url.pathname.includes('/media/') && !url.pathname.startsWith('/api/'),
      async (route) => {
        if (route.request().method() !== 'PUT') return route.fallback();
        transfers += 1;
        return transfers === 1 ? route.abort('connectionreset') : route.fallback();
      },
    );
    await dropFiles(page, 'section:has(input[type=file])', [
      { name: 'sonalika-di75-4x2.jpg', path: fixtureImages.jpeg, type: 'image/jpeg' },
      { name: other, path: fixtureImages.jpeg, type: 'image/jpeg' },
    ]);
    await page.getByRole('status').getByText('Ajoutée: 1/2').waitFor({ timeout: 30_000 });
    expect(transfers).toBe(2);

    // Sent again: only the one that failed.
    await page.getByRole('button', { name: 'Renvoyer celles qui ont échoué (1)' }).click();
    await page.getByRole('status').getByText('Ajoutée: 2/2').waitFor({ timeout: 30_000 });
    expect(transfers).toBe(3);
    const { items } = await adminJson<MediaPage>(env.stack, token, '/api/admin/media');
    expect(items.filter((item) => item.name === other)).toHaveLength(1);
    const named = items.filter((item) => item.name === 'sonalika-di75-4x2.jpg');
    expect(named).toHaveLength(1);

    // The named one is on its entry in the draft, said beside its file.
    await page.getByText('Mise sur : Marques de tracteurs à roues › Sonalika › DI75 4x2').waitFor();
    const afterDrop = await adminJson<ContentResponse>(env.stack, token, '/api/admin/content');
    expect(afterDrop.draft.catalogue?.['wheeledTractorBrands/sonalika/models']?.changed?.['di75-4x2']).toEqual({ photo: { mediaId: named[0]!.mediaId } });

    // The other is chosen in the grid, open since a photo is left to place.
    const grid = page.getByRole('list', { name: 'Photos du catalogue' });
    await grid.waitFor();
    await page.getByLabel('Chercher une fiche').fill('atomiseur 400');
    await grid.getByRole('button', { name: 'Matériel agricole › Pulvérisation › Atomiseur 400L : choisir une image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choisir une image' });
    await picker.getByRole('button', { name: `Utiliser ${other}` }).click();
    await page.getByRole('status').getByText(/Mise sur : Matériel agricole › Pulvérisation › Atomiseur 400L/).waitFor();
    await expect.poll(() => grid.getByRole('img', { name: 'Matériel agricole › Pulvérisation › Atomiseur 400L' }).count()).toBe(1);

    const { draft } = await adminJson<ContentResponse>(env.stack, token, '/api/admin/content');
    const otherId = items.find((item) => item.name === other)!.mediaId;
    expect(draft.catalogue?.['equipmentCategories/moussem-el-rach/items']?.changed?.['atomiseur-400l']).toEqual({ photo: { mediaId: otherId } });
    // The first photo is still where the drop put it.
    expect(draft.catalogue?.['wheeledTractorBrands/sonalika/models']?.changed?.['di75-4x2']).toEqual({ photo: { mediaId: named[0]!.mediaId } });

    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });

  test('a photo named in Arabic lands on its entry, said in Arabic, nothing scrolling sideways (Arabic, phone)', async () => {
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/media', { language: 'ar', screen: 'phone' });
    await expectAdminPage(page, 'ar', 'الصور');
    await dropFiles(page, 'section:has(input[type=file])', [{ name: 'محراث بثلاث سكك.jpg', path: fixtureImages.jpeg, type: 'image/jpeg' }]);
    await page.getByText('وُضعت على: العتاد الفلاحي › موسم الحرث › محراث بثلاث سكك').waitFor({ timeout: 30_000 });

    const { items } = await adminJson<MediaPage>(env.stack, token, '/api/admin/media');
    const picture = items.find((item) => item.name === 'محراث بثلاث سكك.jpg')!;
    const { draft } = await adminJson<ContentResponse>(env.stack, token, '/api/admin/content');
    expect(draft.catalogue?.['equipmentCategories/moussem-el-harth/items']?.changed?.['charrue-3-socs']).toEqual({ photo: { mediaId: picture.mediaId } });

    // The grid of entries without a photo, opened, fits the phone's width.
    await page.getByText('صور الكتالوج').click();
    await page.getByRole('list', { name: 'صور الكتالوج' }).waitFor();
    await expectNoSidewaysScroll(page);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });
});
