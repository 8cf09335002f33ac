import { describe, expect, it } from 'vitest';
import {
  lookupTerms,
  matchesSearch,
  maxTermLength,
  parseSearch,
  searchableOrder,
  searchTerms,
  type OrderSearch,
} from '../../lambdas/submissions/search-words';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';
import { imageFields } from '../../shared/forms/uploads';

/** What the inbox's search compares, and the index terms that lead from a search to an order. */

const words = (typed: string): OrderSearch => {
  const parsed = parseSearch(typed);
  if (!parsed.ok || !parsed.search) throw new Error(`${typed} is not a search`);
  return parsed.search;
};

describe('a search as typed', () => {
  it('is words, folded as the catalogue search folds them', () => {
    expect(parseSearch('  Hélène  DURAND ')).toEqual({ ok: true, search: { kind: 'words', words: ['helene', 'durand'] } });
    expect(parseSearch('أمين')).toEqual({ ok: true, search: { kind: 'words', words: ['امين'] } });
  });

  it('is a phone when it is only a number of six digits or more, in any spelling', () => {
    for (const typed of ['0661 23 45 67', '+213 661-23-45-67', '00213661234567', '٠٦٦١٢٣٤٥٦٧', '(0661) 23.45.67']) {
      expect(parseSearch(typed), typed).toEqual({ ok: true, search: { kind: 'phone', key: '661234567' } });
    }
    expect(parseSearch('0661 2')).toEqual({ ok: true, search: { kind: 'words', words: ['0661', '2'] } });
    expect(parseSearch('DI75 290')).toEqual({ ok: true, search: { kind: 'words', words: ['di75', '290'] } });
  });

  it('finds nothing when nothing searchable was typed, and is refused when too long or only single letters', () => {
    expect(parseSearch('!!! … ؟؟')).toEqual({ ok: true });
    expect(parseSearch('\u0000\u0007')).toEqual({ ok: true });
    expect(parseSearch('a b')).toEqual({ ok: false, reason: 'tooShort' });
    expect(parseSearch('x'.repeat(10_000))).toEqual({ ok: false, reason: 'tooLong' });
  });

  it('is looked up by each word, cut to the longest term the index holds, a word that begins another left out', () => {
    expect(lookupTerms(words('di 75 massey'))).toEqual(['massey', 'di', '75']);
    expect(lookupTerms(words('moissonneuse-batteuse'))).toEqual(['moissonneuse'.slice(0, maxTermLength), 'batteuse']);
    expect(lookupTerms(words('kar karim a'))).toEqual(['karim']);
    expect(lookupTerms(words('+213 661 23 45 67'))).toEqual(['tel:661234567']);
  });
});

describe('an order as searched', () => {
  it('has the words of every field in any language, its phones, and its notes; its terms lead to each', async () => {
    const schema = (await loadBundledFormSchema('form-schemas', 'tractor-order'))!;
    const data = { tractorModel: 'Sonalika DI75', fullName: 'أمين بن علي', wilaya: 'Setif', phone: '0661 23 45 67' };
    const notes = [{ at: '', by: 'a@example.com', text: 'Garantie prolongée' }];
    const order = searchableOrder({ data, note: 'Rappeler jeudi', notes, history: [{ at: '', by: '', changes: { note: { from: 'Devis envoyé', to: 'Rappeler jeudi' } } }] }, schema);
    expect(order.phoneKeys).toEqual(['661234567']);
    // The wilaya as stored and as each language labels it; the notes of the thread, and the single note of old with the one it replaced.
    expect(order.words).toEqual(expect.arrayContaining(['sonalika', 'di75', 'امين', 'setif', 'سطيف', 'rappeler', 'devis', 'garantie', 'prolongee', '0661']));

    const terms = new Set(searchTerms(order));
    for (const typed of ['sonal', 'امين', 'سطيف', 'setif', 'devis', 'rapp', '0661 23 45 67', '0661']) {
      const search = words(typed);
      expect(lookupTerms(search).every((term) => terms.has(term)), typed).toBe(true);
      expect(matchesSearch(search, order), typed).toBe(true);
    }
    expect(matchesSearch(words('nalika'), order)).toBe(false);
    expect(matchesSearch(words('sonalika massey'), order)).toBe(false);
    expect(matchesSearch(words('0770 12 34 56'), order)).toBe(false);
  });

  it('leaves photos out', async () => {
    const schema = (await loadBundledFormSchema('form-schemas', 'part-wheeled-tractor'))!;
    const photos = imageFields(schema)[0]!.name;
    const order = searchableOrder({ data: { ...schema.examples[0], [photos]: ['https://site.example/photos/abc.jpg'] } }, schema);
    expect(order.words).not.toContain('https');
  });
});
