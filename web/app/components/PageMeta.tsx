import { useLocation } from 'react-router';
import { locales, type Localized } from '../../../shared/languages';
import { shareImage, siteUrl } from '../config/site';
import { useLanguage, useLocalize } from '../i18n/language';
import { pageTitle } from '../../../shared/content/site-text';
import { useSiteText } from '../content/content';

/**
 * The page's title and description in the visitor's language, and the Open
 * Graph tags that make a shared link show a title, a description and a picture
 * (React hoists them all into <head>, in the prerendered HTML too).
 */
export function PageMeta({ title, description }: { title: Localized; description: Localized }) {
  const siteText = useSiteText();
  const localize = useLocalize();
  const language = useLanguage();
  const { pathname } = useLocation();
  const fullTitle = pageTitle(localize(title), localize(siteText.siteTitle));
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={localize(description)} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={localize(siteText.siteTitle)} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={localize(description)} />
      <meta property="og:url" content={`${siteUrl}${pathname}`} />
      <meta property="og:locale" content={locales[language].replace('-', '_')} />
      <meta property="og:image" content={`${siteUrl}${shareImage.path}`} />
      <meta property="og:image:width" content={String(shareImage.width)} />
      <meta property="og:image:height" content={String(shareImage.height)} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
