import { describe, expect, it } from 'vitest';
import { languages } from '../../shared/languages';
import { pathInLanguage, splitPageLanguage, storedLanguageRedirect } from '../../shared/page-language';

const pages = ['/', '/tracteurs', '/pieces-detachees/sonalika/di75-4x4', '/forms/contact-message', '/thank-you'];

describe('page addresses per language', () => {
  it.each([
    ['/tracteurs', 'ar', '/tracteurs'],
    ['/tracteurs', 'fr', '/fr/tracteurs'],
    ['/', 'en', '/en'],
    ['/', 'ar', '/'],
  ] as const)('%s in %s is %s', (path, language, address) => {
    expect(pathInLanguage(path, language)).toBe(address);
    expect(splitPageLanguage(address)).toEqual({ language, path });
  });

  it('reads a trailing slash and unknown prefixes as the visitor would expect', () => {
    expect(splitPageLanguage('/fr/')).toEqual({ language: 'fr', path: '/' });
    expect(splitPageLanguage('/ar/tracteurs')).toEqual({ language: 'ar', path: '/ar/tracteurs' });
    expect(splitPageLanguage('/french/x')).toEqual({ language: 'ar', path: '/french/x' });
    expect(splitPageLanguage('/frites')).toEqual({ language: 'ar', path: '/frites' });
  });

  it('sends a visitor to the same page in their stored language, from any language, and nowhere when it already is', () => {
    for (const path of pages) {
      for (const from of languages) {
        for (const stored of languages) {
          const expected = from === stored ? undefined : pathInLanguage(path, stored);
          expect(storedLanguageRedirect(pathInLanguage(path, from), stored), `${path} ${from} → ${stored}`).toBe(expected);
        }
      }
    }
  });

  it('ignores a missing or foreign stored value', () => {
    for (const stored of [undefined, '', 'de', 'toString', '__proto__', 'FR']) {
      expect(storedLanguageRedirect('/fr/tracteurs', stored)).toBeUndefined();
    }
  });
});
