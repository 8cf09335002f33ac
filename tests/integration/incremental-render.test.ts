import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { repoRoot } from '../../infra/paths';
import { loadSiteBuild, renderSite, type RenderedSite, type SiteBuild } from '../../lambdas/content/render-site';
import { contentDigests, unchangedPages, type SiteManifest } from '../../lambdas/content/site-manifest';
import { tractors } from '../../shared/catalogue/tractors';
import type { ContentOverrides } from '../../shared/content/model';
import { languages } from '../../shared/languages';
import { formTitles } from '../../web/shared/forms/form-titles';

/**
 * A page that should change always does: for each kind of change staff
 * make, the site rendered incrementally from the one before (only the pages
 * reading a changed part rendered, the others kept as they were) is, file
 * for file and byte for byte, the site rendered whole with the new content.
 */

let build: SiteBuild;
let before: RenderedSite;

const start: ContentOverrides = {
  texts: { 'site.home.heroTitle': { fr: 'Le matériel agricole, près de chez vous' } },
  catalogue: { tractors: { changed: { [tractors[1]!.id]: { priceDzd: 3_100_000 } } } },
};

beforeAll(async () => {
  build = await loadSiteBuild(path.join(repoRoot, 'build/web'));
  before = await renderSite(build, start);
}, 120_000);

/** The manifest a publish records for a rendered site: each page's parts and the digest of their changes. */
function manifestOf(site: RenderedSite, overrides: ContentOverrides): SiteManifest {
  const files: SiteManifest['files'] = {};
  const digestOf = contentDigests(overrides);
  for (const [file, parts] of site.parts) files[file] = { sha256: '', parts, content: digestOf(parts) };
  return { files };
}

const changes: [string, ContentOverrides, { atMost?: number; atLeast?: number }][] = [
  ['a price', { ...start, catalogue: { tractors: { changed: { [tractors[1]!.id]: { priceDzd: 3_250_000 } } } } }, { atMost: 3 }],
  // The forms' own pages, in each language: no other page shows a form before it is opened.
  ['a label of the order forms', { ...start, texts: { ...start.texts, 'forms.definitions.fullName.label': { fr: 'Nom du client' } } }, { atMost: Object.keys(formTitles).length * languages.length }],
  ['the dealer’s phones', { ...start, dealer: { phones: ['+213 555 12 34 56'] } }, { atLeast: 300 }],
  ['a spare-part section’s name (in every trail below it)', { ...start, catalogue: { ...start.catalogue, sparePartSections: { changed: { trucks: { name: { fr: 'Camions et utilitaires' } } } } } }, {}],
  ['a model added to a truck brand, and an equipment item hidden', {
    ...start,
    catalogue: {
      ...start.catalogue,
      'truckBrands/jac/models': { added: [{ id: '1040', name: { fr: '1040' } }] },
      'equipmentCategories/moussem-el-harth/items': { hidden: ['charrue-2-socs'] },
    },
  }, {}],
  ['nothing', start, { atMost: 0 }],
];

describe('an incremental render', () => {
  test.each(changes)('after %s, is the whole render, byte for byte', async (_change, after, rendered) => {
    const whole = await renderSite(build, after);
    const incremental = await renderSite(build, after, { unchanged: unchangedPages(manifestOf(before, start), contentDigests(after)) });
    // The same pages, each either rendered again or the one before kept.
    const pages = [...whole.parts.keys()].sort();
    expect([...incremental.parts.keys(), ...incremental.kept].sort()).toEqual(pages);
    for (const file of pages) {
      const page = incremental.files.get(file) ?? before.files.get(file);
      expect(page, file).toBe(whole.files.get(file));
    }
    for (const [file, body] of whole.files) if (!whole.parts.has(file)) expect(incremental.files.get(file), file).toBe(body);
    if (rendered.atMost !== undefined) expect(incremental.parts.size).toBeLessThanOrEqual(rendered.atMost);
    if (rendered.atLeast !== undefined) expect(incremental.parts.size).toBeGreaterThanOrEqual(rendered.atLeast);
  }, 120_000);
});
