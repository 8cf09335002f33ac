import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ReadinessKind, ReadinessLine, ReadinessResponse } from '../../../../shared/admin-api';
import { locales, type Localized } from '../../../../shared/languages';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { useAdminRequest } from '../../api/client';
import { adminText } from '../../texts';

const text = adminText.dashboard.readiness;

/**
 * The admin page that fixes each line, and its link's words. Staff e-mail and
 * sheet addresses are set where the site is hosted: their link leads to the
 * orders, where the orders are read meanwhile.
 */
const fixes: Record<ReadinessKind, { to: string; label: Localized }> = {
  placeholderPhone: { to: '/dealer', label: text.fix.dealer },
  placeholderAddress: { to: '/dealer', label: text.fix.dealer },
  placeholderSocial: { to: '/dealer', label: text.fix.dealer },
  entriesWithoutPhoto: { to: '/catalogue', label: text.fix.catalogue },
  staffMailOff: { to: '/orders', label: text.fix.orders },
  sheetsWithoutRelay: { to: '/orders', label: text.fix.orders },
  firstPublish: { to: '/dealer', label: text.fix.publish },
};

function lineText(line: ReadinessLine): Localized {
  switch (line.kind) {
    case 'entriesWithoutPhoto':
      return text.entriesWithoutPhoto(line.count);
    case 'sheetsWithoutRelay':
      return text.sheetsWithoutRelay(line.forms.length);
    default:
      return text[line.kind];
  }
}

/** The dashboard's list of what still stands in for the dealer's real data (GET /api/admin/readiness); absent when nothing is left. */
export function ReadinessCard() {
  const localize = useLocalize();
  const language = useLanguage();
  const request = useAdminRequest();
  const readiness = useQuery({
    queryKey: ['readiness'],
    queryFn: ({ signal }) => request<ReadinessResponse>('/readiness', { signal }),
    // Asked again each time the dashboard opens: a publish or a photo just added takes its line away.
    staleTime: 0,
  });
  const lines = readiness.data?.lines ?? [];
  if (lines.length === 0) return null;
  return (
    <li className="sm:col-span-2">
      <section aria-labelledby="readiness-title" className="h-full rounded-card border border-s-8 border-harvest-500 bg-white p-5 shadow-sm">
        <h2 id="readiness-title" className="mb-2 text-xl font-bold text-brand-900">
          {localize(text.title)}
        </h2>
        <p className="mb-3 text-ink">{localize(text.intro)}</p>
        <ul className="space-y-3">
          {lines.map((line) => {
            const fix = fixes[line.kind];
            return (
              <li key={line.kind} className="min-w-0 break-words border-t border-line pt-3 first:border-t-0 first:pt-0">
                <p className="text-ink">{localize(lineText(line))}</p>
                {line.kind === 'sheetsWithoutRelay' && (
                  <p className="mt-1 text-sm text-ink-muted">{new Intl.ListFormat(locales[language], { type: 'conjunction' }).format(line.forms.map((form) => form[language]))}</p>
                )}
                <Link to={fix.to} className="mt-1 inline-block font-semibold text-brand-700 underline hover:text-brand-900">
                  {localize(fix.label)}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </li>
  );
}
