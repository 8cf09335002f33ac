import { beforeAll, describe, expect, test } from 'vitest';
import type { PublishSummary, ReadinessKind, ReadinessResponse } from '../../shared/admin-api';
import { tractors } from '../../shared/catalogue/tractors';
import type { ContentOverrides } from '../../shared/content/model';
import { stackEnvironment } from '../support/environment';
import { fixtureImages } from '../support/fixture-forms';
import { adminFetch, signIn, uploadMedia } from '../support/staff';

/**
 * The dashboard's readiness card over the real local stack: a fresh site
 * lists its placeholders and the publish not done yet; once the dealer's
 * details are published, those lines go, and a photo chosen for an entry
 * takes one off the count. The local relay serves every sheet, so no form
 * is listed without one; the staff e-mail is off in this stack.
 */

const env = stackEnvironment({ staffEmails: [] });
let token: string;

beforeAll(async () => {
  token = await signIn(env.stack, env.stack.admin.email, env.stack.admin.password);
});

const call = (method: string, path: string, body?: unknown) =>
  adminFetch(env.stack, token, path, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'accept-language': 'fr' } });

async function readiness(): Promise<ReadinessResponse> {
  const response = await call('GET', '/api/admin/readiness');
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ReadinessResponse;
}
const kinds = async (): Promise<ReadinessKind[]> => (await readiness()).lines.map((line) => line.kind);
const photoCount = async () => {
  const line = (await readiness()).lines.find((each) => each.kind === 'entriesWithoutPhoto');
  return line?.kind === 'entriesWithoutPhoto' ? line.count : 0;
};

/** Saves the content as the draft and publishes it, following the publish until it has ended. */
async function publish(content: ContentOverrides): Promise<void> {
  expect((await call('PUT', '/api/admin/content/draft', content)).status).toBe(200);
  const started = await call('POST', '/api/admin/content/publish');
  expect(started.status, await started.clone().text()).toBe(202);
  let summary = (await started.json()) as PublishSummary;
  while (summary.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    summary = (await (await call('GET', `/api/admin/content/publishes/${encodeURIComponent(summary.publishId)}`)).json()) as PublishSummary;
  }
  expect(summary.state, summary.failure).toBe('done');
}

const dealer: ContentOverrides['dealer'] = {
  phones: ['+213 36 93 12 45'],
  address: { ar: 'طريق الجزائر، العلمة، سطيف', fr: 'Route d’Alger, El Eulma, Sétif', en: 'Algiers road, El Eulma, Setif' },
  social: [{ name: 'Facebook', url: 'https://www.facebook.com/agri.eulma' }],
};

describe('the readiness card', () => {
  test('is for staff only', async () => {
    expect((await fetch(`${env.stack.siteUrl}/api/admin/readiness`)).status).toBe(401);
  });

  test('a fresh site lists its placeholders, its entries without a photo, the staff e-mail off and the first publish', async () => {
    expect(await kinds()).toEqual(['placeholderPhone', 'placeholderAddress', 'placeholderSocial', 'entriesWithoutPhoto', 'staffMailOff', 'firstPublish']);
    expect(await photoCount()).toBeGreaterThan(tractors.length);
  });

  test('once the dealer’s details and a photo are published, only what is left stays', async () => {
    const before = await photoCount();
    // Saved, not yet published: the site still shows the placeholders.
    expect((await call('PUT', '/api/admin/content/draft', { dealer })).status).toBe(200);
    expect(await kinds()).toContain('placeholderPhone');

    const picture = await uploadMedia(env.stack, token, fixtureImages.png, 'image/png');
    await publish({ dealer, catalogue: { tractors: { changed: { [tractors[0]!.id]: { photo: { mediaId: picture.mediaId } } } } } });
    expect(await kinds()).toEqual(['entriesWithoutPhoto', 'staffMailOff']);
    expect(await photoCount()).toBe(before - 1);
  });
});
