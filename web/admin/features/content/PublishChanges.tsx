import type { PublishSummary } from '../../../../shared/admin-api';
import type { CatalogueListKey } from '../../../../shared/catalogue/lists';
import type { ContentChange } from '../../../../shared/content/changes';
import { fallbackPageFile } from '../../../../shared/content/renderer';
import { textPlace } from '../../../../shared/content/text-places';
import type { TextEntry } from '../../../../shared/content/texts';
import { languages, type Language, type Localized } from '../../../../shared/languages';
import { splitPageLanguage } from '../../../../shared/page-language';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { formatPriceDzd } from '../../../shared/lib/format';
import { adminText } from '../../texts';

const text = adminText.content;

/**
 * What a publish changed, in the staff's words: each change of the content
 * ("Price of Sonalika DI75 4x2: 3,121,000 DA → 3,250,000 DA"), then the
 * pages that changed for visitors, each page once with the number of its
 * languages ("/tracteurs in 3 languages"). One item a line, wrapping on a phone.
 */
export function PublishChanges({ publish, texts }: { publish: PublishSummary; texts: readonly TextEntry[] }) {
  const localize = useLocalize();
  const language = useLanguage();
  const changes = publish.changes ?? [];
  const pages = pagesByPath(publish.changed ?? []);
  if (changes.length === 0 && pages.length === 0) return <p>{localize(text.nothingChanged)}</p>;
  return (
    <>
      <p className="font-semibold">{localize(text.changesTitle)}</p>
      <ul className="ms-5 list-disc wrap-anywhere">
        {changes.map((change, index) => (
          <li key={index}>{changeInWords(change, language, texts)}</li>
        ))}
        {pages.length > 0 && (
          <li>
            {localize(text.pagesChanged)}:{' '}
            {pages.map(({ path, count }, index) => (
              <span key={path}>
                {index > 0 && ', '}
                {path === fallbackPageFile ? localize(text.notFoundPage) : <bdi dir="ltr">{path}</bdi>} {localize(text.inLanguages(count))}
              </span>
            ))}
          </li>
        )}
      </ul>
    </>
  );
}

/** Each changed page once, with the number of its languages that changed, in the order first seen. */
export function pagesByPath(addresses: readonly string[]): { path: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const address of addresses) {
    const path = address.endsWith(fallbackPageFile) ? fallbackPageFile : splitPageLanguage(address).path;
    counts.set(path, (counts.get(path) ?? 0) + 1);
  }
  return [...counts].map(([path, count]) => ({ path, count }));
}

function changeInWords(change: ContentChange, language: Language, texts: readonly TextEntry[]): string {
  const { what, values } = changeParts(change, language, texts);
  return values ? `${what}: ${values.before} → ${values.after}` : what;
}

/**
 * A change in the staff's words: what changed ("Price of Sonalika DI75 4x2")
 * and, when the change carries them, its values before and after, texts in
 * `valuesLanguage` (a preview's page may be in another language than the admin).
 */
export function changeParts(
  change: ContentChange,
  language: Language,
  texts: readonly TextEntry[],
  valuesLanguage: Language = language,
): { what: string; values?: { before: string; after: string } } {
  const say = (words: Localized) => words[language];
  const values = (before: unknown, after: unknown, fallback?: Partial<Localized>) => {
    const [was, is] = [valueInWords(before, language, valuesLanguage, fallback), valueInWords(after, language, valuesLanguage, fallback)];
    return was === undefined || is === undefined ? undefined : { before: was, after: is };
  };
  const withValues = (what: string, found: { before: string; after: string } | undefined) => (found ? { what, values: found } : { what: `${what}: ${say(text.changedValue)}` });
  switch (change.kind) {
    case 'entry': {
      const field = Object.hasOwn(text.entryFields, change.field) ? text.entryFields[change.field as keyof typeof text.entryFields] : { ar: change.field, fr: change.field, en: change.field };
      const what = say(text.fieldOf(field, change.name));
      return withValues(what, 'after' in change || 'before' in change ? values(change.before, change.after) : undefined);
    }
    case 'added':
    case 'removed':
    case 'hidden':
    case 'shown':
      return { what: `${say(text.entryChange[change.kind])}: ${say(change.name)} (${listName(change.list, language)})` };
    case 'order':
      return { what: `${say(text.orderChanged)}: ${listName(change.list, language)}` };
    case 'text': {
      const entry = texts.find((candidate) => candidate.key === change.key);
      const name = entry ? `${say(textPlace(entry.key, texts).section)} › ${quoted(shortened(entry.default[language]), language)}` : change.key;
      const what = `${say(text.textChanged)}: ${name} (${change.languages.map((code) => code.toUpperCase()).join(', ')})`;
      if (!change.before && !change.after) return { what };
      // A language left empty shows the text's default.
      return { what, values: values(change.before?.[valuesLanguage] ?? entry?.default[valuesLanguage], change.after?.[valuesLanguage] ?? entry?.default[valuesLanguage]) ?? { before: '—', after: '—' } };
    }
    case 'dealer': {
      const what = `${say(text.dealerChanged)}: ${say(adminText.dealer[change.field])}`;
      return 'after' in change ? withValues(what, values(change.before, change.after)) : { what };
    }
  }
}

/** A value as staff read it; undefined for one that is not a number, yes/no or text (a photo, a list of links): said as changed. */
function valueInWords(value: unknown, language: Language, valuesLanguage: Language, fallback?: Partial<Localized>): string | undefined {
  if (typeof value === 'boolean') return adminText[value ? 'yes' : 'no'][language];
  if (typeof value === 'number') return formatPriceDzd(value, language);
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return shortened(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  if (typeof value === 'object' && languages.some((code) => Object.hasOwn(value, code))) {
    const written = (value as Partial<Localized>)[valuesLanguage] ?? fallback?.[valuesLanguage];
    return written === undefined || written === '' ? '—' : shortened(written);
  }
  return undefined;
}

function listName(path: string, language: Language): string {
  const top = path.split('/')[0] as CatalogueListKey;
  return Object.hasOwn(adminText.catalogue.lists, top) ? adminText.catalogue.lists[top][language] : path;
}

function quoted(words: string, language: Language): string {
  return language === 'fr' ? `« ${words} »` : language === 'ar' ? `«${words}»` : `“${words}”`;
}

function shortened(words: string): string {
  return words.length > 60 ? `${words.slice(0, 59)}…` : words;
}
