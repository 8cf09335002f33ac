import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { tractors } from '../../shared/catalogue/tractors';
import type { ContentOverrides } from '../../shared/content/model';
import { resolveCatalogue, resolveDealer } from '../../shared/content/resolve';
import { defaultDealer } from '../../shared/content/dealer';
import { draftOnPage, withOneChange, type RenderWith } from '../../lambdas/content/preview-changes';
import { contentChanges } from '../../shared/content/changes';

/**
 * Which of a draft's changes a page shows, for the admin's preview: each
 * change put alone on the published content, the page rendered with it and
 * compared with the page as published.
 */

const tractor = tractors[1]!;
const other = tractors[2]!;

/** A stand-in for /tracteurs in French: the tractors shown, with their names and prices, and the dealer's phones (its footer). */
const tractorsPage: RenderWith = async (content) => {
  const shown = resolveCatalogue(defaultCatalogue, content.catalogue).tractors.map((entry) => `${entry.name.fr} ${entry.priceDzd}`);
  return JSON.stringify({ shown, title: content.texts?.['site.tractors.title']?.fr, phones: resolveDealer(defaultDealer, content.dealer).phones });
};

const published: ContentOverrides = {
  catalogue: { tractors: { changed: { [tractor.id]: { priceDzd: 3_050_000 } } } },
  texts: { 'site.home.heroTitle': { fr: 'Bienvenue' } },
};

describe('the draft on a previewed page', () => {
  it('lists the changes the page shows, with their published and draft values, and not those of other pages or languages', async () => {
    const draft: ContentOverrides = {
      catalogue: { tractors: { changed: { [tractor.id]: { priceDzd: 3_250_000 }, [other.id]: { description: { fr: 'Neuf' } } }, hidden: [] } },
      texts: { 'site.home.heroTitle': { fr: 'Bonjour' }, 'site.tractors.title': { ar: 'جرارات' } },
      dealer: { phones: ['+213 36 11 22 33'] },
    };
    const answer = await draftOnPage({ draftPage: await tractorsPage(draft), published, draft, language: 'fr', render: tractorsPage });
    expect(answer.asPublished).toBe(false);
    expect(answer.changes).toEqual([
      { kind: 'entry', list: 'tractors', id: tractor.id, name: tractor.name, field: 'priceDzd', before: 3_050_000, after: 3_250_000 },
      { kind: 'dealer', field: 'phones', before: defaultDealer.phones, after: ['+213 36 11 22 33'] },
    ]);
  });

  it('says the page is as published when the draft changes nothing on it', async () => {
    const draft: ContentOverrides = { ...published, texts: { 'site.home.heroTitle': { fr: 'Bonjour' } } };
    expect(await draftOnPage({ draftPage: await tractorsPage(draft), published, draft, language: 'fr', render: tractorsPage })).toEqual({ changes: [], asPublished: true });
  });

  it('an entry hidden, or a field changed back to its default, is put alone on the published content, the rest kept as published', () => {
    const draft: ContentOverrides = { ...published, catalogue: { tractors: { changed: { [tractor.id]: { priceDzd: 3_050_000 }, [other.id]: { priceDzd: 1_000_000 } }, hidden: [tractor.id] } } };
    const [otherPrice, hidden] = contentChanges(published, draft, { values: 'all' });
    expect([otherPrice?.kind, hidden?.kind]).toEqual(['entry', 'hidden']);
    expect(withOneChange(published, draft, otherPrice!).catalogue?.tractors).toEqual({ changed: { [tractor.id]: { priceDzd: 3_050_000 }, [other.id]: { priceDzd: 1_000_000 } } });
    expect(withOneChange(published, draft, hidden!)).toEqual({ ...published, catalogue: { tractors: { changed: { [tractor.id]: { priceDzd: 3_050_000 } }, added: [], hidden: [tractor.id] } } });

    const [priceBack] = contentChanges(published, { ...published, catalogue: {} }, { values: 'all' });
    expect(priceBack).toMatchObject({ kind: 'entry', field: 'priceDzd', before: 3_050_000, after: tractor.priceDzd });
    expect(withOneChange(published, { ...published, catalogue: {} }, priceBack!)).toEqual({ ...published, catalogue: { tractors: { changed: { [tractor.id]: {} } } } });
  });
});
