import { describe, expect, it } from 'vitest';
import type { ContentOverrides } from '../../shared/content/model';
import { catalogueSearch, indexWords } from '../../web/app/search/search-engine';
import { searchDocuments, searchIndexJson } from '../../web/app/site-data/search-index';
import { gzipSync } from 'node:zlib';

/**
 * The catalogue search (web/app/search/search-engine.ts) over the index the
 * renderer writes from the published content (web/app/site-data/search-index.ts).
 */

const search = catalogueSearch(searchDocuments({}));
const first = (query: string) => search.search(query)[0];
const names = (query: string) => search.search(query).map((result) => result.name.en);

describe('the catalogue search', () => {
  it('finds a model by its Latin or its Arabic name, however it is spelled', () => {
    for (const query of ['Massey Ferguson MF440', 'massey 440', 'masey fergusson mf440', 'ماسي فيرغسون 440', 'ماسى فيرجسون ٤٤٠', 'MF ٤٤٠']) {
      expect(first(query), query).toMatchObject({ kind: 'model', name: { en: 'Massey Ferguson MF440' }, href: '/pieces-detachees/massey-ferguson/mf440' });
    }
  });

  it('finds Arabic names whatever the hamza, taa marbuta, alef maqsura and diacritics', () => {
    // جرافة بحفار خلفي (Backhoe loader): typed with haa for taa marbuta and diacritics.
    expect(names('جرافه')).toContain('Backhoe Loader');
    expect(names('جَرّافة')).toContain('Backhoe Loader');
    // آي إم تي (IMT) typed with a bare alef.
    expect(names('اي ام تي')).toContain('IMT');
  });

  it('leads a tractor or an item to its card with its order form open, a model to its page', () => {
    expect(first('DI75 4x2 facelift')).toBeDefined();
    expect(search.search('DI75 4x2').find((result) => result.kind === 'tractor')?.href).toBe('/tracteurs?order=di75-4x2#di75-4x2');
    expect(first('rotavator')?.href).toMatch(/^\/materiel-agricole\/autres\?order=rotavator#rotavator$/);
    expect(first('deutz 913')?.href).toBe('/pieces-detachees/agricultural-engines/deutz?order=913#913');
    // An unavailable item leads to its card, with no form to open.
    expect(search.search('atomiseur 1000').find((result) => result.kind === 'item')?.href).not.toContain('?order=');
  });

  it('needs every word typed, or, when nothing has them all, any of them', () => {
    expect(names('massey 440')).toEqual(['Massey Ferguson MF440']);
    // No part of the catalogue is a "filtre": the brand's models still come.
    expect(names('massey filtre')).toContain('Massey Ferguson MF440');
  });

  it('reads model codes apart at letters and digits', () => {
    expect(indexWords('Sonalika DI75 4x4')).toEqual(['sonalika', 'di75', 'di', '75', '4x4', '4', 'x']);
  });

  it('follows a publish: a renamed entry is found by its new name, a hidden one no longer', () => {
    const overrides: ContentOverrides = {
      catalogue: {
        wheeledTractorBrands: { hidden: ['foton'] },
        'wheeledTractorBrands/sonalika/models': { changed: { di60: { name: { fr: 'DI60 Sikander', en: 'DI60 Sikander' } } } },
      },
    };
    const published = catalogueSearch(searchDocuments(overrides));
    expect(published.search('sikander').map((result) => result.name.fr)).toEqual(['Sonalika DI60 Sikander']);
    expect(published.search('foton').filter((result) => result.kind !== 'category')).toEqual([]);
    expect(search.search('foton').length).toBeGreaterThan(0);
  });

  it('keeps the index small: under 30 KB gzipped', () => {
    const bytes = gzipSync(searchIndexJson({})).byteLength;
    expect(bytes).toBeLessThan(30 * 1024);
  });
});
