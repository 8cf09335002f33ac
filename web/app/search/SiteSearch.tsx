import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Localized } from '../../../shared/languages';
import { useSiteText } from '../../shared/content/content';
import { useLanguage, useLocalize } from '../../shared/i18n/language';
import type { CatalogueSearch } from './search-engine';

export const searchText = {
  label: { ar: 'ابحث في الكتالوج', fr: 'Rechercher dans le catalogue', en: 'Search the catalogue' },
  placeholder: { ar: 'علامة، موديل، آلة…', fr: 'Marque, modèle, machine…', en: 'Brand, model, machine…' },
  open: { ar: 'بحث', fr: 'Rechercher', en: 'Search' },
  noResult: {
    ar: 'لا نتيجة. جرّب كلمة أخرى أو تصفح الأقسام.',
    fr: 'Aucun résultat. Essayez un autre mot ou parcourez les rubriques.',
    en: 'No result. Try another word or browse the sections.',
  },
  failed: {
    ar: 'تعذّر تحميل البحث. تحقق من اتصالك وحاول مجددًا.',
    fr: "La recherche n'a pas pu se charger. Vérifiez votre connexion et réessayez.",
    en: 'The search could not load. Check your connection and try again.',
  },
} satisfies Record<string, Localized>;

type Engine = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; search: CatalogueSearch } | { state: 'failed' };

let engineLoad: Promise<CatalogueSearch> | undefined;

/** The search's code and index, fetched when the field is first used, not with the page. */
function loadEngine(): Promise<CatalogueSearch> {
  engineLoad ??= import('./search-engine')
    .then(({ loadCatalogueSearch }) => loadCatalogueSearch())
    .catch((error: unknown) => {
      engineLoad = undefined; // a later use tries again, e.g. once the network is back
      throw error;
    });
  return engineLoad;
}

/**
 * The catalogue search field and its results (brands, models, tractors,
 * equipment, part categories), each a link to its page in the visitor's
 * language, opening the order form where the item has one.
 */
export function SiteSearch({ autoFocus = false, onFollow }: { autoFocus?: boolean; onFollow?(): void }) {
  const localize = useLocalize();
  const language = useLanguage();
  const siteText = useSiteText();
  const id = useId();
  const [query, setQuery] = useState('');
  const [engine, setEngine] = useState<Engine>({ state: 'idle' });
  const start = () => {
    if (engine.state === 'loading' || engine.state === 'ready') return;
    setEngine({ state: 'loading' });
    loadEngine().then(
      (search) => setEngine({ state: 'ready', search }),
      () => setEngine({ state: 'failed' }),
    );
  };
  const typed = query.trim() !== '';
  const results = engine.state === 'ready' && typed ? engine.search.search(query) : [];

  return (
    <div role="search">
      <label htmlFor={id} className="sr-only">
        {localize(searchText.label)}
      </label>
      <input
        id={id}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        autoFocus={autoFocus}
        placeholder={localize(searchText.placeholder)}
        value={query}
        onFocus={start}
        onChange={(event) => {
          start();
          setQuery(event.target.value);
        }}
        className="block min-h-12 w-full rounded-lg border border-line bg-white px-3 text-base text-ink focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      />
      {typed && (
        <div aria-live="polite" className="mt-2">
          {engine.state === 'loading' && <p className="text-ink-muted">{localize(siteText.form.loading)}</p>}
          {engine.state === 'failed' && <p className="text-danger-700">{localize(searchText.failed)}</p>}
          {engine.state === 'ready' && results.length === 0 && <p className="text-ink-muted">{localize(searchText.noResult)}</p>}
          {results.length > 0 && (
            <ul className="divide-y divide-line overflow-hidden rounded-lg border border-line bg-white">
              {results.map((result) => (
                <li key={result.id}>
                  <Link to={result.href} onClick={onFollow} className="flex min-h-12 flex-col justify-center px-3 py-2 hover:bg-brand-50">
                    <span className="font-semibold text-brand-900">{result.name[language]}</span>
                    {result.context && <span className="text-sm text-ink-muted">{result.context[language]}</span>}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
