import { describe, expect, it } from 'vitest';
import { languages } from '../../shared/languages';
import {
  alternateAddresses,
  languageChoiceIn,
  languageCookieValue,
  languageRedirect,
  pathInLanguage,
  splitPageLanguage,
  storedLanguageChoice,
  withLanguageChoice,
  withoutLanguageChoice,
} from '../../shared/page-language';

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

describe('the switch link and the stored choice', () => {
  it('a switch link carries the page’s own query parameters, as written, then the choice', () => {
    expect(withLanguageChoice('', 'fr')).toBe('?lang=fr');
    expect(withLanguageChoice('?truckBrand=Toyota%20Coaster&x', 'en')).toBe('?truckBrand=Toyota%20Coaster&x&lang=en');
    expect(withLanguageChoice('?lang=ar&a=1', 'fr')).toBe('?a=1&lang=fr');
  });

  it('reads the choice and drops it, leaving the other parameters as written', () => {
    expect(languageChoiceIn('?a=1&lang=fr')).toBe('fr');
    expect(languageChoiceIn('?language=fr&xlang=en')).toBeUndefined();
    expect(withoutLanguageChoice('?a=1&lang=fr&b=%C3%A9')).toBe('?a=1&b=%C3%A9');
    expect(withoutLanguageChoice('?lang=fr')).toBe('');
    expect(withoutLanguageChoice('')).toBe('');
    // An encoded name is another parameter: what is read and what is dropped never disagree (no redirect loop).
    expect(languageChoiceIn('?l%61ng=fr')).toBeUndefined();
    expect(withoutLanguageChoice('?l%61ng=fr')).toBe('?l%61ng=fr');
  });

  it('keeps the choice a year on every page, and reads it back among other cookies', () => {
    expect(languageCookieValue('en')).toBe('lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(storedLanguageChoice('theme=dark; lang=fr; x=1')).toBe('fr');
    expect(storedLanguageChoice('slang=fr')).toBeUndefined();
    expect(storedLanguageChoice(undefined)).toBeUndefined();
  });

  it('names the page in every language and the Arabic address as x-default', () => {
    expect(alternateAddresses('/tracteurs')).toEqual([
      { hreflang: 'ar', address: '/tracteurs' },
      { hreflang: 'fr', address: '/fr/tracteurs' },
      { hreflang: 'en', address: '/en/tracteurs' },
      { hreflang: 'x-default', address: '/tracteurs' },
    ]);
  });
});
