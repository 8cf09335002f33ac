import { describe, expect, it } from 'vitest';
import { languageFromHeader, textDirection } from '../../shared/languages';

describe('languageFromHeader', () => {
  it.each([
    [undefined, 'ar'],
    ['', 'ar'],
    ['fr', 'fr'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['de-DE,en;q=0.5,fr;q=0.7', 'fr'],
    ['en-GB', 'en'],
    ['de, es', 'ar'],
  ])('%j gives %s', (header, expected) => {
    expect(languageFromHeader(header)).toBe(expected);
  });

  it('lays out Arabic right-to-left only', () => {
    expect([textDirection('ar'), textDirection('fr'), textDirection('en')]).toEqual(['rtl', 'ltr', 'ltr']);
  });
});
