import type { PreviewResponse } from '../../../../shared/admin-api';
import type { TextEntry } from '../../../../shared/content/texts';
import { textDirection, type Language } from '../../../../shared/languages';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { adminText } from '../../texts';
import { changeParts } from './PublishChanges';

const text = adminText.content;

/**
 * The bar above a preview: that it is the draft, and the draft's changes
 * this page shows, each with its value on the live site and the draft's
 * ("Price of Sonalika DI75 4x2: DZD 3,121,000 → DZD 3,250,000"), or that the
 * page is as published. Texts' values are in the page's language; each
 * value is isolated, so numbers keep their order inside Arabic, and the
 * arrow points the way the staff's language reads.
 */
export function PreviewChanges({ answer, pageLanguage, texts }: { answer: PreviewResponse; pageLanguage: Language; texts: readonly TextEntry[] }) {
  const localize = useLocalize();
  const language = useLanguage();
  const arrow = textDirection(language) === 'rtl' ? '←' : '→';
  return (
    <div role="note" aria-label={localize(text.previewIsDraft)} className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 wrap-anywhere">
      <p className="font-semibold">{localize(text.previewIsDraft)}</p>
      {answer.asPublished ? (
        <p>{localize(text.previewAsPublished)}</p>
      ) : answer.changes.length === 0 ? (
        <p>{localize(text.previewDiffers)}</p>
      ) : (
        <>
          <p>{localize(text.previewChangesTitle)}</p>
          <ul className="ms-5 list-disc">
            {answer.changes.map((change, index) => {
              const { what, values } = changeParts(change, language, texts, pageLanguage);
              return (
                <li key={index}>
                  {what}
                  {values && (
                    <>
                      {': '}
                      <del className="decoration-1">
                        <bdi>{values.before}</bdi>
                      </del>{' '}
                      {arrow}{' '}
                      <ins className="font-semibold no-underline">
                        <bdi>{values.after}</bdi>
                      </ins>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
