import MiniSearch from 'minisearch';
import { languages } from '../../../shared/languages';
import { searchWords } from '../../../shared/text/search-text';
import { searchIndexFile, type SearchDocument } from './search-document';

/**
 * The catalogue search, loaded only when the search field is first used:
 * MiniSearch over the site's index (../site-data/search-index.ts), each
 * thing found by any of its names in any language. Words are compared as
 * `searchWords` writes them (shared/text/search-text.ts, the staff's inbox
 * search too): case, accents, Arabic letter variants and diacritics,
 * Arabic-Indic digits. A word typed finds the words it begins, a longer one
 * also with a letter wrong ("fergusson", "ماسى"); all the words typed must
 * match, or, when nothing does, any of them. Once loaded, it answers with no
 * network.
 */

export interface CatalogueSearch {
  search(query: string): SearchDocument[];
}

/** At most this many results are shown. */
const shownResults = 8;

/**
 * The words the index keeps of a name: its search words, and a model's code
 * also apart at letters and digits, so that "440" and "mf" find "MF440" and
 * "di 75" finds "DI75".
 */
export function indexWords(text: string): string[] {
  const words = searchWords(text).flatMap((word) => {
    const parts = word.match(/\p{L}+|\p{N}+/gu) ?? [];
    return parts.length > 1 ? [word, ...parts] : [word];
  });
  return [...new Set(words)];
}

export function catalogueSearch(documents: SearchDocument[]): CatalogueSearch {
  const index = new MiniSearch<SearchDocument>({
    fields: [...languages, 'context'],
    extractField: (document, field) => {
      if (field === 'id') return String(document.id);
      if (field === 'context') return languages.map((language) => document.context?.[language] ?? '').join(' ');
      return document.name[field as (typeof languages)[number]];
    },
    tokenize: indexWords,
    processTerm: (term) => term,
    searchOptions: {
      tokenize: searchWords,
      processTerm: (term) => term,
      prefix: true,
      fuzzy: (term) => (term.length >= 4 ? 0.25 : false),
      boost: { ar: 3, fr: 3, en: 3 },
      combineWith: 'AND',
    },
  });
  index.addAll(documents);
  const byId = new Map(documents.map((document) => [String(document.id), document]));
  return {
    search(query) {
      performance.mark('catalogue-search-start');
      let found = index.search(query);
      if (found.length === 0) found = index.search(query, { combineWith: 'OR' });
      const results = found.slice(0, shownResults).map(({ id }) => byId.get(String(id))!);
      // What a query costs, for the benchmark (npm run bench:weight) to read.
      performance.measure('catalogue-search', 'catalogue-search-start');
      return results;
    },
  };
}

let loading: Promise<CatalogueSearch> | undefined;

/** The search over the published index, fetched once (a failed fetch is tried again on the next use). */
export function loadCatalogueSearch(): Promise<CatalogueSearch> {
  loading ??= fetch(`/${searchIndexFile}`)
    .then((response) => (response.ok ? (response.json() as Promise<SearchDocument[]>) : Promise.reject(new Error(`${response.status}`))))
    .then(catalogueSearch)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
