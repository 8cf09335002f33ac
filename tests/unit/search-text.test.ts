import { describe, expect, it } from 'vitest';
import { searchableText, searchWords } from '../../shared/text/search-text';

/** What farmers and staff type differently meets in one spelling (the catalogue search, the inbox search). */
describe('searchable text', () => {
  it.each([
    ['case and Latin accents', 'Pièce de RECHANGE Façade', 'piece de rechange facade'],
    ['hamza forms of alef', 'أحمد إبراهيم آمال ٱلله', 'احمد ابراهيم امال الله'],
    ['taa marbuta as haa, alef maqsura as yaa', 'مضخة مصطفى', 'مضخه مصطفي'],
    ['hamza on waw and yaa', 'مؤسسة رئيسي', 'موسسه رييسي'],
    ['diacritics and tatweel', 'فَلْتَـــرٌ', 'فلتر'],
    ['Arabic-Indic and Eastern Arabic-Indic digits', 'ماسي ٢٩٠ و ۲۹۰', 'ماسي 290 و 290'],
    ['punctuation and spaces between words', '  Massey-Ferguson, 290 / filtre…  ', 'massey ferguson 290 filtre'],
  ])('folds %s', (_case, typed, searched) => {
    expect(searchableText(typed)).toBe(searched);
  });

  it('meets a name stored with أ when it is typed with ا', () => {
    expect(searchableText('أمين')).toBe(searchableText('امين'));
  });

  it('gives the distinct words, none for punctuation alone', () => {
    expect(searchWords('Filtre à huile, filtre à air')).toEqual(['filtre', 'a', 'huile', 'air']);
    expect(searchWords(' …!? ')).toEqual([]);
  });
});
