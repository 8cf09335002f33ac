import { beforeAll, describe, expect, test } from 'vitest';
import type { ContentProblemAnswer, ContentResponse } from '../../shared/admin-api';
import { stackEnvironment } from '../support/environment';
import { adminFetch, signIn, responseJson } from '../support/staff';

/**
 * `POST /api/admin/content/draft/photos`, as the library's bulk drop uses it:
 * photos chosen for catalogue entries are laid over the saved draft, whose
 * other edits stay; bad input is a located 400 and saves nothing.
 */

const env = stackEnvironment();
let token: string;
const mediaId = '0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f';
const otherMediaId = '1c8e1b75-9b36-4d4f-8f2a-7a1c2d3e4f50';

beforeAll(async () => {
  token = await signIn(env.stack, env.stack.admin.email, env.stack.admin.password);
});

const call = (method: string, path: string, body?: unknown) =>
  adminFetch(env.stack, token, path, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'accept-language': 'fr' } });

describe('photos chosen for catalogue entries in the draft', () => {
  test('laid over the saved draft: a colleague\'s price stays, and each entry gets its photo', async () => {
    const before = await responseJson<ContentResponse>(await call('GET', '/api/admin/content'));
    const priced = { ...before.draft, catalogue: { ...before.draft.catalogue, tractors: { changed: { 'di75-4x2': { priceDzd: 3_250_000 } } } } };
    const saved = await responseJson<ContentResponse>(await call('PUT', `/api/admin/content/draft?basedOn=${encodeURIComponent(before.savedAt ?? 'none')}`, priced));

    const answer = await responseJson<ContentResponse>(
      await call('POST', '/api/admin/content/draft/photos', {
        photos: [
          { entry: 'tractors#di75-4x2', mediaId },
          { entry: 'wheeledTractorBrands/sonalika/models#di75-4x4', mediaId: otherMediaId },
        ],
      }),
    );
    expect(answer.savedAt).not.toBe(saved.savedAt);
    expect(answer.draft.catalogue?.tractors?.changed?.['di75-4x2']).toEqual({ priceDzd: 3_250_000, photo: { mediaId } });
    expect(answer.draft.catalogue?.['wheeledTractorBrands/sonalika/models']?.changed?.['di75-4x4']).toEqual({ photo: { mediaId: otherMediaId } });
    expect((await responseJson<ContentResponse>(await call('GET', '/api/admin/content'))).draft).toEqual(answer.draft);
  });

  test('an entry not in the catalogue, a picture that is no library id, or no photos: 400 in the staff\'s language, nothing saved', async () => {
    const before = await responseJson<ContentResponse>(await call('GET', '/api/admin/content'));

    const unknown = await responseJson<{ code: string; problems: ContentProblemAnswer[] }>(
      await call('POST', '/api/admin/content/draft/photos', {
        photos: [
          { entry: 'tractors#di75-4x2', mediaId },
          { entry: 'tractors#no-such-tractor', mediaId },
        ],
      }),
      400,
    );
    expect(unknown.code).toBe('invalidContent');
    expect(unknown.problems).toEqual([expect.objectContaining({ path: 'catalogue.tractors.changed.no-such-tractor', message: 'N’existe pas sur le site' })]);

    const notPicture = await responseJson<{ problems: ContentProblemAnswer[] }>(
      await call('POST', '/api/admin/content/draft/photos', { photos: [{ entry: 'tractors#di75-4x2', mediaId: '../../etc/passwd' }] }),
      400,
    );
    expect(notPicture.problems).toEqual([expect.objectContaining({ path: 'catalogue.tractors.changed.di75-4x2.photo', message: 'Image absente de la médiathèque' })]);

    for (const body of [{}, { photos: [] }, { photos: [{ entry: '__proto__#x', mediaId }] }, { photos: [{ entry: 'tractors', mediaId }] }, { photos: 'all' }]) {
      const refused = await call('POST', '/api/admin/content/draft/photos', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('POST', '/api/admin/content/draft/photos', { photos: Array.from({ length: 201 }, () => ({ entry: 'tractors#di75-4x2', mediaId })) })).status).toBe(400);

    expect(await responseJson<ContentResponse>(await call('GET', '/api/admin/content'))).toEqual(before);
  });
});
