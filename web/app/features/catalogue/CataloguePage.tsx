import type { ReactNode } from 'react';
import type { Localized } from '../../../../shared/languages';
import { BackLink } from '../../components/BackLink';
import { PageMeta } from '../../components/PageMeta';
import { useLocalize } from '../../../shared/i18n/language';

interface CataloguePageProps {
  title: Localized;
  description: Localized;
  back: { to: string; label: Localized };
  /** The green banner after an order, when there is one. */
  banner?: ReactNode;
  /** Not a page to list (an unknown id): no address for search engines. */
  noindex?: boolean;
  children: ReactNode;
}

/** Frame of every catalogue page: back link, centred title, banner, content. */
export function CataloguePage({ title, description, back, banner, noindex, children }: CataloguePageProps) {
  const localize = useLocalize();
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <PageMeta title={title} description={description} noindex={noindex} />
      <BackLink to={back.to} label={localize(back.label)} />
      <h1 className="mt-4 mb-6 text-center text-3xl font-bold text-brand-900">{localize(title)}</h1>
      {banner}
      {children}
    </div>
  );
}
