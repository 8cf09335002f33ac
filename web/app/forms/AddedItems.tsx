import type { Localized } from '../../../shared/languages';
import { useLocalize } from '../../shared/i18n/language';

export const addedText = {
  heading: { ar: 'أُرسل في هذا الطلب:', fr: 'Déjà envoyé dans cette demande :', en: 'Already sent in this request:' },
} satisfies Record<string, Localized>;

/**
 * The items a farmer already sent with "Add Another", listed where the next
 * one is being ordered, so the request reads as one (each item is an order
 * and a row of its own).
 */
export function AddedItems({ names }: { names: string[] }) {
  const localize = useLocalize();
  if (names.length === 0) return null;
  return (
    <section aria-label={localize(addedText.heading)} className="mb-4 rounded-lg border border-brand-200 bg-success-50 p-3 text-success-700">
      <p className="mb-1 font-medium">{localize(addedText.heading)}</p>
      <ul className="space-y-1">
        {names.map((name, index) => (
          <li key={index} className="flex items-center gap-2">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M5 13l4 4L19 7" />
            </svg>
            <span dir="auto">{name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
