import type { ContentOverrides, Entry, PhotoChoice } from '../../../../shared/content/model';
import { resolveList } from '../../../../shared/content/resolve';
import { useLocalize } from '../../../shared/i18n/language';
import { adminText } from '../../texts';

const text = adminText.catalogue;

/**
 * One truth for a catalogue entry: the draft's values are edited, and where
 * one differs from what the site shows, the published value is said beside
 * it, and the entry is marked as not published yet.
 */

/** An entry as the site shows it: its values, whether it is hidden, the library photo it shows. */
export interface PublishedEntry<E = Entry> {
  entry: E;
  hidden: boolean;
  photo: PhotoChoice | null | undefined;
}

/** The entries of a list as published, by id (hidden ones too); none for an entry not published yet. */
export function publishedEntries<E extends { id: string }>(path: string, defaults: readonly E[], published: ContentOverrides): (id: string) => PublishedEntry<E> | undefined {
  const list = published.catalogue?.[path];
  const entries = resolveList(path, defaults, { ...published.catalogue, [path]: { ...list, hidden: [] } });
  const hidden = new Set(list?.hidden ?? []);
  return (id) => {
    const entry = entries.find((candidate) => candidate.id === id);
    if (!entry) return undefined;
    const written = list?.changed?.[id] ?? list?.added?.find((added) => added.id === id);
    return { entry, hidden: hidden.has(id), photo: written?.photo as PhotoChoice | null | undefined };
  };
}

/** The published value beside a draft value that differs: "On the site: DZD 3,121,000". */
export function SiteValue({ value }: { value: string }) {
  const localize = useLocalize();
  return (
    <p className="mt-1 text-sm">
      <mark className="rounded bg-amber-100 px-1 text-ink wrap-anywhere">{localize(text.onSite(value))}</mark>
    </p>
  );
}

/** "Changed, not published yet" (or "New, …") beside an entry's name. */
export function UnpublishedMark({ isNew }: { isNew: boolean }) {
  const localize = useLocalize();
  return <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-ink">{localize(isNew ? text.newNotPublished : text.notPublished)}</span>;
}
