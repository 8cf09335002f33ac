import type { Localized } from '../../../shared/languages';
import { telLink } from '../../shared/lib/format';
import { useDealer } from '../../shared/content/content';
import { useLocalize } from '../../shared/i18n/language';

export const scriptsOffText = {
  ordering: {
    ar: 'لتقديم طلب، فعّل JavaScript في متصفحك، أو اتصل بنا:',
    fr: 'Pour commander, activez JavaScript dans votre navigateur, ou appelez-nous :',
    en: 'To order, turn on JavaScript in your browser, or call us:',
  },
} satisfies Record<string, Localized>;

/**
 * With scripts off, a page shows its prerendered content and its Order
 * buttons do nothing: this says so, in the page's language, with the
 * dealer's phone. Browsers running scripts never show it.
 */
export function ScriptsOffNotice() {
  const localize = useLocalize();
  const phone = useDealer().phones[0];
  return (
    <noscript>
      <p className="border-b border-harvest-500 bg-harvest-400/30 px-4 py-3 text-center font-medium text-brand-950">
        {localize(scriptsOffText.ordering)}{' '}
        {phone && (
          <a href={telLink(phone)} dir="ltr" className="font-semibold underline">
            {phone}
          </a>
        )}
      </p>
    </noscript>
  );
}
