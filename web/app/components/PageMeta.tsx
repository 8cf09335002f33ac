import { useLocation } from 'react-router';
import { languages, locales, type Language, type Localized } from '../../../shared/languages';
import { alternateAddresses, pathInLanguage } from '../../../shared/page-language';
import { shareImage, siteUrl } from '../config/site';
import { useLanguage, useLocalize } from '../../shared/i18n/language';
import { pageTitle } from '../../../shared/content/site-text';
import { useSiteText } from '../../shared/content/content';

const openGraphLocale = (language: Language) => locales[language].replace('-', '_');

/**
 * The page's title and description in the visitor's language, the Open
 * Graph tags that make a shared link show a title, a description and a
 * picture, and for search engines the page's own address (canonical) and
 * the same page in the other languages (hreflang). React hoists them all
 * into <head>, in the prerendered HTML too. A page that is not one
 * (`noindex`: the not-found page) names no address.
 */
export function PageMeta({ title, description, noindex = false }: { title: Localized; description: Localized; noindex?: boolean }) {
  const siteText = useSiteText();
  const localize = useLocalize();
  const language = useLanguage();
  // The path within the language's addresses: /fr/tracteurs is /tracteurs here.
  const { pathname } = useLocation();
  const address = `${siteUrl}${pathInLanguage(pathname, language)}`;
  const fullTitle = pageTitle(localize(title), localize(siteText.siteTitle));
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={localize(description)} />
      {noindex ? (
        <meta name="robots" content="noindex" />
      ) : (
        <>
          <link rel="canonical" href={address} />
          {alternateAddresses(pathname).map(({ hreflang, address: alternate }) => (
            <link key={hreflang} rel="alternate" hrefLang={hreflang} href={`${siteUrl}${alternate}`} />
          ))}
          <meta property="og:url" content={address} />
        </>
      )}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={localize(siteText.siteTitle)} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={localize(description)} />
      <meta property="og:locale" content={openGraphLocale(language)} />
      {languages
        .filter((other) => other !== language)
        .map((other) => (
          <meta key={other} property="og:locale:alternate" content={openGraphLocale(other)} />
        ))}
      <meta property="og:image" content={`${siteUrl}${shareImage.path}`} />
      <meta property="og:image:width" content={String(shareImage.width)} />
      <meta property="og:image:height" content={String(shareImage.height)} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
