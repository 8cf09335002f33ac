import { useMemo, useState } from 'react';
import type { ContentOverrides } from '../../../../shared/content/model';
import { withTranslations } from '../../../../shared/content/resolve';
import { siteTextEntries, type TextEntry } from '../../../../shared/content/texts';
import { missingLanguages } from '../../../../shared/content/validate';
import { languages, textDirection, type Localized } from '../../../../shared/languages';
import { useLocalize } from '../../../shared/i18n/language';
import { inputClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import type { DraftChange } from './DraftPage';

const text = adminText.translations;
const siteEntries = siteTextEntries();
const pageSize = 100;
type Filter = 'all' | 'missing' | 'changed';

/** Every interface text of the site and its order forms, three languages side by side: search, filters, edit, reset to default. */
export function TranslationsEditor({ draft, change, formTexts }: { draft: ContentOverrides; change: DraftChange; formTexts: TextEntry[] }) {
  const localize = useLocalize();
  const entries = useMemo(() => [...siteEntries, ...formTexts], [formTexts]);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  // Drawn a hundred at a time: two hundred editable rows at once are slow on a phone.
  const [limit, setLimit] = useState(pageSize);
  const texts = useMemo(() => draft.texts ?? {}, [draft.texts]);

  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    return entries.filter((entry) => {
      const own = Object.hasOwn(texts, entry.key) ? texts[entry.key] : undefined;
      if (filter === 'missing' && missingLanguages(own).length === 0) return false;
      if (filter === 'changed' && !own) return false;
      if (!words) return true;
      const values = [entry.key, ...languages.map((language) => own?.[language] ?? entry.default[language])];
      return values.some((value) => value.toLowerCase().includes(words));
    });
  }, [entries, search, filter, texts]);

  const setText = (key: string, value: Partial<Localized> | undefined) =>
    change((current) => {
      const next = { ...current.texts };
      if (value) next[key] = value;
      else delete next[key];
      return { ...current, texts: next };
    });

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="grow">
          <span className="mb-1 block font-medium">{localize(text.search)}</span>
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} className={inputClass} />
        </label>
        <fieldset className="flex flex-wrap gap-3">
          {(['all', 'missing', 'changed'] as const).map((value) => (
            <label key={value} className="inline-flex min-h-11 items-center gap-2">
              <input type="radio" name="filter" checked={filter === value} onChange={() => setFilter(value)} />
              {localize(text[value])}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="mb-2 text-ink-muted">{localize(text.count(shown.length, entries.length))}</p>
      <ul className="space-y-3">
        {shown.slice(0, limit).map((entry) => {
          const own = Object.hasOwn(texts, entry.key) ? texts[entry.key] : undefined;
          const missing = missingLanguages(own);
          const value = withTranslations(entry.default, own);
          return (
            <li key={entry.key} className="rounded-card border border-line bg-white p-3">
              <div className="mb-2 flex flex-wrap items-center gap-2">
                <code dir="ltr" className="text-sm text-ink-muted">
                  {entry.key}
                </code>
                {own && (
                  <button type="button" className={secondaryButtonClass} onClick={() => setText(entry.key, undefined)}>
                    {localize(text.reset)}
                  </button>
                )}
              </div>
              <div className="grid gap-2 md:grid-cols-3">
                {languages.map((language) => (
                  <label key={language}>
                    <span className="mb-1 block text-sm font-medium">{language.toUpperCase()}</span>
                    <textarea
                      dir={textDirection(language)}
                      lang={language}
                      rows={2}
                      value={own && Object.hasOwn(own, language) ? (own[language] ?? '') : value[language]}
                      aria-invalid={missing.includes(language) || undefined}
                      onChange={(event) => setText(entry.key, { ...own, [language]: event.target.value })}
                      className={inputClass}
                    />
                    {missing.includes(language) && <span className="text-sm text-danger-700">{localize(text.missingNote)}</span>}
                  </label>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
      {shown.length > limit && (
        <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => setLimit((current) => current + pageSize)}>
          {localize(text.showMore)}
        </button>
      )}
    </>
  );
}
