import { readFile, readlink, stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { PublishSummary } from '../../shared/admin-api';
import { tractors } from '../../shared/catalogue/tractors';
import type { ContentOverrides } from '../../shared/content/model';
import { pageFile } from '../../shared/content/renderer';
import { languages } from '../../shared/languages';
import { pathInLanguage } from '../../shared/page-language';
import { formatPriceDzd } from '../../web/shared/lib/format';
import { stackEnvironment } from '../support/environment';
import { fixtureImages } from '../support/fixture-forms';
import { adminFetch, publishContent, publishFinished, responseJson, signIn, uploadMedia } from '../support/staff';
import { makeTempDir } from '../support/temp-dir';

/**
 * A publish writes only what changed, through the real local stack: only
 * the pages that read a changed part of the content are rendered again, a
 * file whose bytes the live site already holds is carried over from it (the
 * same file on disk), a photo already made is not made again, and a content
 * the site already shows is done at once. What
 * should change always does: a new price is on the pages that show the
 * entry, in every language, and going back brings the pages back byte for
 * byte.
 */

const dataDir = await makeTempDir('incremental-publish');
const env = stackEnvironment({ dataDir });
const siteDir = path.join(dataDir, 'site');
let token: string;

beforeAll(async () => {
  token = await signIn(env.stack, env.stack.admin.email, env.stack.admin.password);
});

async function api<T>(method: string, route: string, body?: unknown, status = 200): Promise<T> {
  return responseJson<T>(await adminFetch(env.stack, token, route, { method, body: body === undefined ? undefined : JSON.stringify(body) }), status);
}

const finished = (started: PublishSummary) => publishFinished(env.stack, token, started);
const publish = (draft: ContentOverrides) => publishContent(env.stack, token, draft);

/** The live site's folder on disk. */
const liveFolder = async () => path.resolve(siteDir, await readlink(path.join(siteDir, 'live')));
/** A file of a site, and the file on disk it is (a file carried over is the same one). */
const fileIn = async (folder: string, file: string) => ({ body: await readFile(path.join(folder, file), 'utf8'), inode: (await stat(path.join(folder, file))).ino });

const tractor = tractors[1]!;
const tractorPages = languages.map((language) => pageFile(pathInLanguage('/tracteurs', language)));
const otherPages = languages.flatMap((language) => [pageFile(pathInLanguage('/', language)), pageFile(pathInLanguage('/materiel-agricole', language))]);

describe('an incremental publish', () => {
  // Four publishes, the first rendering every page: minutes on a busy machine.
  test('a price is on the pages that show it in every language, what is the same is carried over, and going back restores every byte', async () => {
    const picture = await uploadMedia(env.stack, token, fixtureImages.png, 'image/png');
    const photoFiles = ['', '-640'].flatMap((size) => ['webp', 'avif'].map((format) => `images/media/${picture.mediaId}${size}.${format}`));
    const withPhoto: ContentOverrides = { catalogue: { tractors: { changed: { [tractor.id]: { photo: { mediaId: picture.mediaId } } } } } };
    const first = await publish(withPhoto);
    const firstFolder = await liveFolder();
    const firstFiles = Object.fromEntries(await Promise.all([...tractorPages, ...otherPages, ...photoFiles, 'sitemap.xml'].map(async (file) => [file, await fileIn(firstFolder, file)] as const)));

    const newPrice = 3_987_000;
    const priced: ContentOverrides = { catalogue: { tractors: { changed: { [tractor.id]: { photo: { mediaId: picture.mediaId }, priceDzd: newPrice } } } } };
    const repriced = await publish(priced);
    const pricedFolder = await liveFolder();
    expect(pricedFolder).not.toBe(firstFolder);
    // The pages that show the tractor, in each language, and no other.
    expect(repriced.changed).toEqual(['/en/tracteurs', '/fr/tracteurs', '/tracteurs']);
    for (const [index, file] of tractorPages.entries()) {
      const page = await fileIn(pricedFolder, file);
      expect(page.body, file).toContain(formatPriceDzd(newPrice, languages[index]!));
      expect(page.body, file).not.toContain(formatPriceDzd(tractor.priceDzd, languages[index]!));
    }
    // The other pages, which read nothing of the tractors, are the live site's files, carried over; the photo is not
    // made again, and files with the same bytes are not written again.
    for (const file of [...otherPages, ...photoFiles, 'sitemap.xml']) expect((await fileIn(pricedFolder, file)).inode, file).toBe(firstFiles[file]!.inode);
    // The site's content file has every change, for the pages a visitor opens from one that does not carry them.
    const siteContent = (await fetch(`${env.stack.siteUrl}/site-content.json`).then((response) => response.json())) as ContentOverrides;
    expect(siteContent.catalogue?.tractors?.changed?.[tractor.id]).toMatchObject({ priceDzd: newPrice });
    expect(await (await fetch(`${env.stack.siteUrl}/${photoFiles[0]}`)).arrayBuffer()).toHaveProperty('byteLength', (await stat(path.join(firstFolder, photoFiles[0]!))).size);

    // The same content again: done at once, the live site left as it is.
    const again = await publish(priced);
    expect(again).toMatchObject({ changed: [], pages: repriced.pages });
    expect(await liveFolder()).toBe(pricedFolder);
    expect((await fetch(`${env.stack.siteUrl}/tracteurs`).then((response) => response.text()))).toContain(formatPriceDzd(newPrice, 'ar'));

    // Going back to the first publish: the tractors pages return, byte for byte, and the others with them.
    const back = await finished(await api<PublishSummary>('POST', `/api/admin/content/publishes/${encodeURIComponent(first.publishId)}/restore`, {}, 202));
    expect(back.changed).toEqual(['/en/tracteurs', '/fr/tracteurs', '/tracteurs']);
    const backFolder = await liveFolder();
    for (const file of [...tractorPages, ...otherPages, ...photoFiles]) expect((await fileIn(backFolder, file)).body, file).toBe(firstFiles[file]!.body);
    expect(await fetch(`${env.stack.siteUrl}/fr/tracteurs`).then((response) => response.text())).toBe(firstFiles[tractorPages[1]!]!.body);
  }, 240_000);
});
