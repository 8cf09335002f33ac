import type { Localized } from '../../../shared/languages';
import { useLocalize } from '../i18n/language';
import { pageTitle, siteText } from '../i18n/site-text';

/** The page's title and description in the visitor's language (React hoists them into <head>). */
export function PageMeta({ title, description }: { title: Localized; description: Localized }) {
  const localize = useLocalize();
  return (
    <>
      <title>{pageTitle(localize(title), localize(siteText.siteTitle))}</title>
      <meta name="description" content={localize(description)} />
    </>
  );
}
