import { beforeAll, describe, expect, test } from 'vitest';
import { message } from '../../lambdas/lib/messages';
import type { ContentProblemAnswer, ContentResponse, PreviewResponse, PublishesResponse, PublishSummary } from '../../shared/admin-api';
import type { ProductsResponse } from '../../shared/api';
import { tractors } from '../../shared/catalogue/tractors';
import type { ContentOverrides } from '../../shared/content/model';
import { siteText } from '../../shared/content/site-text';
import { formatPriceDzd } from '../../web/shared/lib/format';
import { stackEnvironment } from '../support/environment';
import { setFunctionsFailure, setS3Failure, setStoreFailure } from '../support/faults';
import { startTestStack } from '../support/local-stack';
import { fixtureImages } from '../support/fixture-forms';
import { adminFetch, signIn, staffToken, uploadMedia, responseJson } from '../support/staff';

/**
 * Staff's content through the real local stack: a draft is checked whole
 * before it is kept, a publish renders every page with it and puts them
 * live on the site (HTML as fetched, no script run), every publish is kept
 * and can be put back, and a failed publish leaves the site as it was.
 */

const env = stackEnvironment();
let token: string;

beforeAll(async () => {
  token = await signIn(env.stack, env.stack.admin.email, env.stack.admin.password);
});

const call = (method: string, path: string, body?: unknown, language = 'en', bearer = token) =>
  adminFetch(env.stack, bearer, path, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'accept-language': language } });

const page = async (path: string) => (await fetch(`${env.stack.siteUrl}${path}`)).text();

/** Starts a publish (or a restore) and follows it, as the admin does, until it has ended; every step it reported is kept. */
async function published(path = '/api/admin/content/publish'): Promise<PublishSummary & { seen: PublishSummary[] }> {
  let summary = await responseJson<PublishSummary>(await call('POST', path), 202);
  expect(summary.state).toBe('running');
  const seen = [summary];
  while (summary.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    summary = await responseJson<PublishSummary>(await call('GET', `/api/admin/content/publishes/${encodeURIComponent(summary.publishId)}`));
    seen.push(summary);
  }
  return { ...summary, seen };
}

const tractor = tractors[1]!;
const newPrice = 3_333_000;
const arabicLabel = 'يصل الأسبوع القادم';
const frenchTitle = 'Le matériel agricole, près de chez vous';

const draft: ContentOverrides = {
  texts: { 'site.home.heroTitle': { fr: frenchTitle } },
  catalogue: { tractors: { changed: { [tractor.id]: { priceDzd: newPrice, available: false, availabilityStatus: { ar: arabicLabel } } } } },
};

describe('publishing the site', () => {
  test('a draft with a bad price or an unknown text is refused whole, each problem named in the staff language', async () => {
    const refused = await responseJson<{ code: string; problems: ContentProblemAnswer[] }>(
      await call('PUT', '/api/admin/content/draft', { texts: { 'site.nope': { fr: 'x' } }, catalogue: { tractors: { changed: { [tractor.id]: { priceDzd: 12.5 } } } } }, 'fr'),
      400,
    );
    expect(refused.code).toBe('invalidContent');
    expect(refused.problems).toEqual([
      { path: 'texts.site.nope', code: 'unknown', message: 'N’existe pas sur le site', place: 'Traductions › site.nope' },
      {
        path: `catalogue.tractors.changed.${tractor.id}.priceDzd`,
        code: 'price',
        message: 'Écrivez un nombre de dinars supérieur à 0, par exemple 3 250 000',
        place: `Catalogue › Tracteurs › ${tractor.name.fr} › Prix (DA)`,
      },
    ]);
    expect((await responseJson<ContentResponse>(await call('GET', '/api/admin/content'))).draft).toEqual({});
  });

  test('bad input is answered 400 with every problem placed in the staff’s words, and nothing is saved or published', async () => {
    const before = await responseJson<ContentResponse>(await call('GET', '/api/admin/content'));
    const history = (await responseJson<PublishesResponse>(await call('GET', '/api/admin/content/publishes'))).items;
    // Before any publish, the history holds the content as shipped, which the site shows.
    expect(history).toEqual([{ publishId: 'shipped', publishedAt: '', publishedBy: '', state: 'done', shipped: true }]);
    expect(before.live).toBeUndefined();
    expect(before.draftIsLive).toBe(true);
    const publishesBefore = history.length;
    const hostile = {
      catalogue: {
        tractors: {
          changed: {
            [tractor.id]: { priceDzd: 'abc', availabilityStatus: { fr: 'x'.repeat(5_000) } },
            [tractors[2]!.id]: { priceDzd: -3_250_000 },
            'no-such-tractor': { priceDzd: 1_000_000 },
          },
        },
        nowhere: { hidden: [] },
      },
      dealer: { location: { lat: 'north', lon: 5.41 } },
    };
    for (const [method, path, body] of [
      ['PUT', '/api/admin/content/draft', hostile],
      ['POST', '/api/admin/content/publish', { draft: hostile, basedOn: before.savedAt ?? null }],
      ['POST', '/api/admin/content/preview', { path: '/tracteurs', language: 'fr', draft: hostile }],
    ] as const) {
      const refused = await responseJson<{ code: string; error: string; problems: ContentProblemAnswer[] }>(await call(method, path, body, 'ar'), 400);
      expect(refused.code, path).toBe('invalidContent');
      expect(refused.error, path).toBe(message('invalidContent', 'ar'));
      expect(refused.problems.map(({ path: at, code }) => [at, code]), path).toEqual([
        [`catalogue.tractors.changed.${tractor.id}.priceDzd`, 'price'],
        [`catalogue.tractors.changed.${tractor.id}.availabilityStatus.fr`, 'tooLong'],
        [`catalogue.tractors.changed.${tractors[2]!.id}.priceDzd`, 'price'],
        ['catalogue.tractors.changed.no-such-tractor', 'unknown'],
        ['catalogue.nowhere', 'unknown'],
        ['dealer.location', 'location'],
      ]);
      // Each problem says where in Arabic, and never with the content's inner names.
      expect(refused.problems[0]!.place, path).toBe(`الكتالوج › الجرارات › ${tractor.name.ar} › السعر (دج)`);
      for (const problem of refused.problems) expect(problem.place, path).not.toMatch(/changed|priceDzd|catalogue\./);
    }
    // Far more text than a draft holds is refused before it is read, in the staff's language.
    const huge = await call('PUT', '/api/admin/content/draft', { texts: { 'site.home.heroTitle': { fr: 'x'.repeat(1_000_000) } } }, 'fr');
    expect(await responseJson(huge, 413)).toMatchObject({ code: 'bodyTooLarge', error: message('bodyTooLarge', 'fr') });
    // A note too long, or not a text.
    const note = await responseJson<{ problems: ContentProblemAnswer[] }>(await call('POST', '/api/admin/content/publish', { note: 'n'.repeat(201) }, 'en'), 400);
    expect(note.problems).toEqual([{ path: 'note', code: 'tooLong', message: 'Text too long', place: 'The publish’s note' }]);

    const after = await responseJson<ContentResponse>(await call('GET', '/api/admin/content'));
    expect([after.draft, after.savedAt]).toEqual([before.draft, before.savedAt]);
    expect((await responseJson<PublishesResponse>(await call('GET', '/api/admin/content/publishes'))).items).toHaveLength(publishesBefore);
  });

  test('staff without the admin role read the content but cannot change or publish it', async () => {
    const { token: staffOnly } = await staffToken(env.stack, ['staff']);
    expect((await call('GET', '/api/admin/content', undefined, 'en', staffOnly)).status).toBe(200);
    expect((await call('PUT', '/api/admin/content/draft', draft, 'en', staffOnly)).status).toBe(403);
    expect((await call('POST', '/api/admin/content/publish', undefined, 'en', staffOnly)).status).toBe(403);
  });

  test('a save begun on an older draft than the one saved is refused, and the colleague’s draft kept', async () => {
    const draftPath = (basedOn: string | undefined) => `/api/admin/content/draft?basedOn=${encodeURIComponent(basedOn ?? 'none')}`;
    const start = await responseJson<ContentResponse>(await call('GET', '/api/admin/content'));
    const colleague = await responseJson<ContentResponse>(await call('PUT', draftPath(start.savedAt), { dealer: { email: 'ventes@example.dz' } }));

    const stale = await call('PUT', draftPath(start.savedAt), { dealer: { email: 'autre@example.dz' } }, 'fr');
    expect(await responseJson(stale, 409)).toMatchObject({ code: 'draftChanged', error: message('draftChanged', 'fr') });
    expect((await responseJson<ContentResponse>(await call('GET', '/api/admin/content'))).draft).toEqual({ dealer: { email: 'ventes@example.dz' } });

    await responseJson(await call('PUT', draftPath(colleague.savedAt), {}));
  });

  test('a published price, availability label, photo and home text are in the pages as served, and going back restores them', async () => {
    const before = { tractors: await page('/tracteurs'), home: await page('/') };
    expect(before.tractors).toContain(formatPriceDzd(tractor.priceDzd, 'ar'));
    const picture = await uploadMedia(env.stack, token, fixtureImages.png, 'image/png');
    const photo = `/images/media/${picture.mediaId}`;
    const changes = draft.catalogue!.tractors!.changed![tractor.id]!;
    changes.photo = { mediaId: picture.mediaId };

    const saved = await responseJson<ContentResponse>(await call('PUT', '/api/admin/content/draft', draft));
    expect(saved.draft).toEqual(draft);
    expect(await page('/tracteurs')).toBe(before.tractors);

    const publish = await published();
    expect(publish.state).toBe('done');
    // Every page carries the content's data, but only these show the tractor or the French home text.
    expect(publish.changed).toEqual(['/en/tracteurs', '/fr', '/fr/tracteurs', '/tracteurs']);
    expect(publish.pages).toBeGreaterThan(90);
    // It said how far it was while it ran: the photo, the pages, then the files.
    const steps = publish.seen.flatMap((seen) => (seen.progress ? [seen.progress.step] : []));
    expect(steps.length).toBeGreaterThan(0);
    expect(steps).toEqual([...steps].sort((a, b) => ['pictures', 'pages', 'files'].indexOf(a) - ['pictures', 'pages', 'files'].indexOf(b)));
    console.log(`publish: ${publish.pages} pages in ${publish.durationMs} ms`);

    const tractorsPage = await page('/tracteurs');
    expect(tractorsPage).toContain(formatPriceDzd(newPrice, 'ar'));
    expect(tractorsPage).not.toContain(formatPriceDzd(tractor.priceDzd, 'ar'));
    expect(tractorsPage).toContain(arabicLabel);
    expect(tractorsPage).toContain(`src="${photo}.webp"`);
    for (const file of [`${photo}.webp`, `${photo}-640.webp`, `${photo}.avif`, `${photo}-640.avif`]) {
      const served = await fetch(`${env.stack.siteUrl}${file}`);
      expect(served.status, file).toBe(200);
      expect(served.headers.get('content-type'), file).toBe(file.endsWith('.avif') ? 'image/avif' : 'image/webp');
    }
    // The other languages read the same content from the page itself, never fetched.
    expect(tractorsPage).toContain('<script type="application/json" id="site-content">');
    const home = await page('/');
    expect(home).toContain(frenchTitle);
    expect(home).toContain(siteText.home.heroTitle.ar);

    // The home page's featured products follow the published catalogue: the seeded product of this tractor too.
    const { products } = (await (await fetch(`${env.stack.siteUrl}/api/products`)).json()) as ProductsResponse;
    expect(products.find((product) => product.catalogueEntry === `tractors#${tractor.id}`)).toMatchObject({
      priceDzd: newPrice,
      available: false,
      pictureUrl: `${photo}.webp`,
    });

    const { items } = await responseJson<PublishesResponse>(await call('GET', '/api/admin/content/publishes'));
    expect(items[0]).toMatchObject({ publishId: publish.publishId, state: 'done' });

    // Back to the site as built: an empty publish, then the earlier one put back.
    await responseJson(await call('PUT', '/api/admin/content/draft', {}));
    expect((await published()).state).toBe('done');
    expect(await page('/tracteurs')).toContain(formatPriceDzd(tractor.priceDzd, 'ar'));
    expect(await page('/tracteurs')).not.toContain(arabicLabel);
    expect(await page('/tracteurs')).not.toContain(photo);

    const restored = await published(`/api/admin/content/publishes/${encodeURIComponent(publish.publishId)}/restore`);
    expect(restored).toMatchObject({ state: 'done', restoredFrom: publish.publishId });
    expect(await page('/tracteurs')).toContain(formatPriceDzd(newPrice, 'ar'));
    expect((await responseJson<ContentResponse>(await call('GET', '/api/admin/content'))).draft).toEqual(draft);
  }, 180_000);

  test('a publish that cannot be recorded, started or finished leaves the live pages as they were, and says so', async () => {
    const live = { tractors: await page('/tracteurs'), home: await page('/') };
    const unchanged = async () => {
      expect(await page('/tracteurs')).toBe(live.tractors);
      expect(await page('/')).toBe(live.home);
    };
    const picture = await uploadMedia(env.stack, token, fixtureImages.png, 'image/png');
    await responseJson(await call('PUT', '/api/admin/content/draft', { catalogue: { tractors: { changed: { [tractor.id]: { priceDzd: 4_444_000, photo: { mediaId: picture.mediaId } } } } } }));

    // The store is down: nothing starts.
    await setStoreFailure(env.stack.endpoints.dynamoDb, { status: 500 });
    try {
      expect((await call('POST', '/api/admin/content/publish')).status).toBeGreaterThanOrEqual(500);
    } finally {
      await setStoreFailure(env.stack.endpoints.dynamoDb, undefined);
    }
    await unchanged();

    // The publisher cannot be started: 503, and the publish is recorded as failed.
    await setFunctionsFailure(env.stack.endpoints.lambda, { status: 500 });
    try {
      const refused = await responseJson<{ code: string }>(await call('POST', '/api/admin/content/publish', undefined, 'fr'), 503);
      expect(refused.code).toBe('publishNotStarted');
    } finally {
      await setFunctionsFailure(env.stack.endpoints.lambda, undefined);
    }
    expect((await responseJson<PublishesResponse>(await call('GET', '/api/admin/content/publishes'))).items[0]?.state).toBe('failed');
    await unchanged();

    // The publisher fails half-way (it cannot read the chosen photo): failed, with why.
    await setS3Failure(env.stack.endpoints.s3, { status: 500 });
    let failed: PublishSummary;
    try {
      failed = await published();
    } finally {
      await setS3Failure(env.stack.endpoints.s3, undefined);
    }
    expect(failed.state).toBe('failed');
    expect(failed.failure).toBeTruthy();
    await unchanged();
    expect(await page('/tracteurs')).not.toContain(formatPriceDzd(4_444_000, 'ar'));

    // Once it works again, the same draft publishes.
    expect((await published()).state).toBe('done');
    expect(await page('/tracteurs')).toContain(formatPriceDzd(4_444_000, 'ar'));
  }, 180_000);

  test('one publish at a time: a second one while the first runs is refused with the running one', async () => {
    // Something to publish: a publish with nothing changed is done at once.
    const { draft: current } = await responseJson<ContentResponse>(await call('GET', '/api/admin/content'));
    await responseJson(await call('PUT', '/api/admin/content/draft', { ...current, texts: { ...current.texts, 'site.home.heroTitle': { ...current.texts?.['site.home.heroTitle'], en: 'Farm machines near you' } } }));
    const first = await responseJson<PublishSummary>(await call('POST', '/api/admin/content/publish'), 202);
    const second = await responseJson<{ code: string; running: PublishSummary }>(await call('POST', '/api/admin/content/publish'), 409);
    expect(second).toMatchObject({ code: 'publishRunning', running: { publishId: first.publishId, state: 'running' } });
    let summary = first;
    while (summary.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      summary = await responseJson<PublishSummary>(await call('GET', `/api/admin/content/publishes/${encodeURIComponent(first.publishId)}`));
    }
    expect(summary.state).toBe('done');
  });

  test('a restart (a deploy) renders the live content again with the build: its pages never fall back to the defaults', async () => {
    const live = await page('/tracteurs');
    expect(live).toContain(formatPriceDzd(4_444_000, 'ar'));
    const { dataDir } = env.stack;
    await env.stack.stop();
    env.stack = (await startTestStack({ dataDir })).stack;
    token = await signIn(env.stack, env.stack.admin.email, env.stack.admin.password);
    const again = await page('/tracteurs');
    expect(again).toContain(formatPriceDzd(4_444_000, 'ar'));
    expect(again).toContain('src="/images/media/');
    expect(again).not.toContain(formatPriceDzd(tractor.priceDzd, 'ar'));
  });

  test('a page staff add is published in every language, in the sitemaps with its alternates, each language read from its own page', async () => {
    const added: ContentOverrides = { catalogue: { 'wheeledTractorBrands/sonalika/models': { added: [{ id: 'di65', name: { fr: 'DI 65' } }] } }, texts: draft.texts };
    await responseJson(await call('PUT', '/api/admin/content/draft', added));
    const publish = await published();
    expect(publish.state).toBe('done');
    expect(publish.changed).toEqual(expect.arrayContaining(['/pieces-detachees/sonalika/di65', '/fr/pieces-detachees/sonalika/di65', '/en/pieces-detachees/sonalika/di65']));
    console.log(`publish: ${publish.pages} pages in ${publish.durationMs} ms`);

    for (const [address, language] of [['/pieces-detachees/sonalika/di65', 'ar'], ['/fr/pieces-detachees/sonalika/di65', 'fr'], ['/en/pieces-detachees/sonalika/di65', 'en']] as const) {
      const response = await fetch(`${env.stack.siteUrl}${address}`);
      expect(response.status, address).toBe(200);
      const html = await response.text();
      expect(html, address).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${language}"`));
      expect(html, address).toContain('DI 65');
      const sitemap = await page(`/sitemap-${language}.xml`);
      expect(sitemap, address).toMatch(new RegExp(`<loc>https?://[^<]+${address}</loc>\\s*<xhtml:link rel="alternate" hreflang="ar" href="https?://[^"]+/pieces-detachees/sonalika/di65"/>`));
    }
    // Staff's French home title is in the French page's HTML itself.
    expect(await page('/fr')).toMatch(new RegExp(`<h1[^>]*>${frenchTitle}</h1>`));
  });

  test('“Save and publish”: the content on screen, a price typed as people write it, saved over the draft it began from and published with its note; what changed is said', async () => {
    const start = await responseJson<ContentResponse>(await call('GET', '/api/admin/content'));
    expect(start.draftIsLive).toBe(true);
    const onScreen = { ...start.draft, catalogue: { ...start.draft.catalogue, tractors: { changed: { [tractor.id]: { priceDzd: '3 250 000' } } } } };

    // Begun on an older draft: refused, nothing saved or published.
    const stale = await call('POST', '/api/admin/content/publish', { draft: onScreen, basedOn: '2020-01-01T00:00:00.000Z' }, 'fr');
    expect(await responseJson(stale, 409)).toMatchObject({ code: 'draftChanged' });
    const unchanged = await call('POST', '/api/admin/content/publish', { basedOn: '2020-01-01T00:00:00.000Z' }, 'fr');
    expect(await responseJson(unchanged, 409)).toMatchObject({ code: 'draftChangedBeforePublish', error: message('draftChangedBeforePublish', 'fr') });
    expect((await responseJson<ContentResponse>(await call('GET', '/api/admin/content'))).savedAt).toBe(start.savedAt);

    let summary = await responseJson<PublishSummary>(
      await call('POST', '/api/admin/content/publish', { draft: onScreen, basedOn: start.savedAt, note: '  Nouveaux prix de novembre ' }),
      202,
    );
    while (summary.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      summary = await responseJson<PublishSummary>(await call('GET', `/api/admin/content/publishes/${encodeURIComponent(summary.publishId)}`));
    }
    expect(summary).toMatchObject({ state: 'done', note: 'Nouveaux prix de novembre', publishedBy: env.stack.admin.email });
    expect(summary.changes).toEqual([{ kind: 'entry', list: 'tractors', id: tractor.id, name: tractor.name, field: 'priceDzd', before: tractor.priceDzd, after: 3_250_000 }]);
    expect(summary.changed).toEqual(['/en/tracteurs', '/fr/tracteurs', '/tracteurs']);
    expect(await page('/tracteurs')).toContain(formatPriceDzd(3_250_000, 'ar'));

    const after = await responseJson<ContentResponse>(await call('GET', '/api/admin/content'));
    expect(after.draft.catalogue?.tractors?.changed?.[tractor.id]?.priceDzd).toBe(3_250_000);
    expect([after.draftIsLive, after.live?.publishId]).toEqual([true, summary.publishId]);
    const { items } = await responseJson<PublishesResponse>(await call('GET', '/api/admin/content/publishes'));
    expect(items[0]).toMatchObject({ publishId: summary.publishId, note: 'Nouveaux prix de novembre' });
  });

  test('the content as shipped stays the last entry of the history, and going back to it publishes the defaults', async () => {
    const { items } = await responseJson<PublishesResponse>(await call('GET', '/api/admin/content/publishes'));
    expect(items.length).toBeGreaterThan(3);
    expect(items.at(-1)).toMatchObject({ publishId: 'shipped', shipped: true, state: 'done' });
    const restored = await published('/api/admin/content/publishes/shipped/restore');
    expect(restored).toMatchObject({ state: 'done', restoredFrom: 'shipped' });
    expect(restored.changes).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'entry', field: 'priceDzd', before: 3_250_000, after: tractor.priceDzd })]));
    expect(await page('/tracteurs')).toContain(formatPriceDzd(tractor.priceDzd, 'ar'));
    expect(await page('/fr')).not.toContain(frenchTitle);
    expect((await responseJson<ContentResponse>(await call('GET', '/api/admin/content'))).draft).toEqual({});
  });

  test('a preview says which of the draft’s changes show on its page, against the live content, each with its live and draft values', async () => {
    const { published: live } = await responseJson<ContentResponse>(await call('GET', '/api/admin/content'));
    const livePrice = (live.catalogue?.tractors?.changed?.[tractor.id]?.priceDzd as number | undefined) ?? tractor.priceDzd;
    const onScreen: ContentOverrides = {
      ...live,
      catalogue: {
        ...live.catalogue,
        tractors: { ...live.catalogue?.tractors, changed: { ...live.catalogue?.tractors?.changed, [tractor.id]: { ...live.catalogue?.tractors?.changed?.[tractor.id], priceDzd: 2_222_000 } } },
        truckBrands: { ...live.catalogue?.truckBrands, hidden: [...(live.catalogue?.truckBrands?.hidden ?? []), 'toyota'] },
      },
    };
    const preview = async (path: string, language: string) => responseJson<PreviewResponse>(await call('POST', '/api/admin/content/preview', { path, language, draft: onScreen }));

    const tractorsPage = await preview('/tracteurs', 'ar');
    expect(tractorsPage.html).toContain(formatPriceDzd(2_222_000, 'ar'));
    expect(tractorsPage).toMatchObject({
      asPublished: false,
      changes: [{ kind: 'entry', list: 'tractors', id: tractor.id, field: 'priceDzd', before: livePrice, after: 2_222_000 }],
    });
    expect(await preview('/pieces-detachees/trucks', 'fr')).toMatchObject({ asPublished: false, changes: [{ kind: 'hidden', list: 'truckBrands', id: 'toyota' }] });
    expect(await preview('/materiel-agricole', 'en')).toMatchObject({ asPublished: true, changes: [] });
  });

  test('an unknown publish cannot be put back', async () => {
    const answer = await call('POST', '/api/admin/content/publishes/2020-01-01T00:00:00.000Z~abcdef/restore', undefined, 'ar');
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { code: string }).code).toBe('publishNotFound');
  });
});
