import { useMemo, useState } from 'react';
import type { ContentOverrides } from '../../../../shared/content/model';
import { withTranslations } from '../../../../shared/content/resolve';
import { siteTextEntries, type TextEntry } from '../../../../shared/content/texts';
import { missingLanguages } from '../../../../shared/content/validate';
import { languages, textDirection, type Localized } from '../../../../shared/languages';
import { textPlace, type TextPlace } from '../../../../shared/content/text-places';
import { searchWords } from '../../../../shared/text/search-text';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { inputClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import type { DraftChange } from './DraftPage';
import { FieldProblem, messagesAt, problemAttributes, useProblems } from './problems';

const text = adminText.translations;
const siteEntries = siteTextEntries();
const pageSize = 100;
type Filter = 'all' | 'missing' | 'changed';

/**
 * Every interface text of the site and its order forms, three languages
 * side by side, grouped by where it shows ("Home › Product categories",
 * "Order forms › Tractor order"), each named by what it says: search (in
 * any language, by its words or its part of the site), filters, edit,
 * reset to default, and a preview of the page it shows on.
 */
export function TranslationsEditor({
  draft,
  change,
  formTexts,
  showPreview,
}: {
  draft: ContentOverrides;
  change: DraftChange;
  formTexts: TextEntry[];
  showPreview(path: string): void;
}) {
  const localize = useLocalize();
  const language = useLanguage();
  const entries = useMemo(() => [...siteEntries, ...formTexts], [formTexts]);
  const places = useMemo(() => new Map(entries.map((entry) => [entry.key, textPlace(entry.key, entries)])), [entries]);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  // Drawn a hundred at a time: two hundred editable rows at once are slow on a phone.
  const [limit, setLimit] = useState(pageSize);
  const texts = useMemo(() => draft.texts ?? {}, [draft.texts]);
  const problems = useProblems('texts');

  const shown = useMemo(() => {
    // Each word typed begins a word of the text (in a language, as written or as it was: an edit keeps it listed),
    // of its part of the site, or of what it is in a form.
    const typed = searchWords(search);
    return entries.filter((entry) => {
      const own = Object.hasOwn(texts, entry.key) ? texts[entry.key] : undefined;
      if (filter === 'missing' && missingLanguages(own).length === 0) return false;
      if (filter === 'changed' && !own) return false;
      if (typed.length === 0) return true;
      const place = places.get(entry.key)!;
      const values = [place.section[language], place.kind?.[language] ?? '', ...languages.flatMap((code) => [entry.default[code], own?.[code] ?? ''])];
      const words = values.flatMap(searchWords);
      return typed.every((part) => words.some((word) => word.startsWith(part)));
    });
  }, [entries, places, search, filter, texts, language]);
  // The texts drawn, in groups of the same part of the site.
  const groups = useMemo(() => {
    const drawn: { place: TextPlace; entries: TextEntry[] }[] = [];
    for (const entry of shown.slice(0, limit)) {
      const place = places.get(entry.key)!;
      const last = drawn.at(-1);
      if (last && last.place.section.fr === place.section.fr) last.entries.push(entry);
      else drawn.push({ place, entries: [entry] });
    }
    return drawn;
  }, [shown, limit, places]);

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
      {groups.map(({ place, entries: group }, index) => (
        <section key={`${place.section.fr}-${index}`} aria-label={localize(place.section)} className="mb-5">
          <div className="mb-2 flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-bold text-brand-900">{localize(place.section)}</h2>
            <button type="button" className={secondaryButtonClass} onClick={() => showPreview(place.page)}>
              {localize(text.seeOnPage)}
            </button>
          </div>
          <ul className="space-y-3">
            {group.map((entry) => {
              const own = Object.hasOwn(texts, entry.key) ? texts[entry.key] : undefined;
              const missing = missingLanguages(own);
              const value = withTranslations(entry.default, own);
              const kind = places.get(entry.key)?.kind;
              return (
                <li key={entry.key} className="rounded-card border border-line bg-white p-3">
                  <div className="mb-2 flex flex-wrap items-center gap-2">
                    <h3 className="min-w-0 font-semibold wrap-anywhere" dir="auto">
                      {kind && (
                        <>
                          <span className="rounded bg-brand-50 px-1 text-sm font-normal text-ink">{localize(kind)}</span>{' '}
                        </>
                      )}
                      {entry.default[language]}
                    </h3>
                    {own && (
                      <button type="button" className={secondaryButtonClass} onClick={() => setText(entry.key, undefined)}>
                        {localize(text.reset)}
                      </button>
                    )}
                  </div>
                  <div className="grid gap-2 md:grid-cols-3">
                    {languages.map((code) => (
                      <div key={code}>
                        <label>
                          <span className="mb-1 block text-sm font-medium">{code.toUpperCase()}</span>
                          <textarea
                            dir={textDirection(code)}
                            lang={code}
                            rows={2}
                            value={own && Object.hasOwn(own, code) ? (own[code] ?? '') : value[code]}
                            aria-invalid={missing.includes(code) || undefined}
                            onChange={(event) => setText(entry.key, { ...own, [code]: event.target.value })}
                            className={inputClass}
                            {...problemAttributes(messagesAt(problems, `texts.${entry.key}.${code}`).length > 0 && `${entry.key}-${code}-problem`)}
                          />
                          {missing.includes(code) && <span className="text-sm text-danger-700">{localize(text.missingNote)}</span>}
                        </label>
                        <FieldProblem id={`${entry.key}-${code}-problem`} messages={messagesAt(problems, `texts.${entry.key}.${code}`)} />
                      </div>
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {shown.length > limit && (
        <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => setLimit((current) => current + pageSize)}>
          {localize(text.showMore)}
        </button>
      )}
    </>
  );
}
