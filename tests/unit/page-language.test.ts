import { describe, expect, it } from 'vitest';
import { languages } from '../../shared/languages';
import { pathInLanguage, splitPageLanguage, languageRedirect } from '../../shared/page-language';

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
          const expected = from === stored ? undefined : { location: pathInLanguage(path, stored) };
          expect(languageRedirect(pathInLanguage(path, from), undefined, stored), `${path} ${from} → ${stored}`).toEqual(expected);
        }
      }
    }
  });

  it('ignores a missing or foreign stored value', () => {
    for (const stored of [undefined, '', 'de', 'toString', '__proto__', 'FR']) {
      expect(languageRedirect('/fr/tracteurs', undefined, stored)).toBeUndefined();
      expect(languageRedirect('/fr/tracteurs', stored, 'fr')).toBeUndefined();
    }
  });

  it('follows a switch link before the stored choice, stores it, and drops the parameter even on the page it names', () => {
    for (const path of pages) {
      for (const from of languages) {
        for (const chosen of languages) {
          expect(languageRedirect(pathInLanguage(path, from), chosen, from === 'ar' ? 'fr' : 'ar')).toEqual({ location: pathInLanguage(path, chosen), store: chosen });
        }
      }
    }
  });
});
