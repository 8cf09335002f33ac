import type { Localized } from '../../../../shared/languages';
import { useLocalize } from '../../../shared/i18n/language';
import { CardLink } from './actions';
import { CataloguePage } from './CataloguePage';
import { useCataloguePageText } from './catalogue-content';

interface CatalogueNotFoundProps {
  /** "Brand not found", "Category not found"...: the page's title. */
  message: Localized;
  /** The list the visitor came from. */
  back: { to: string; label: Localized };
}

/** An unknown brand, model or category id: the message in the visitor's language and the way back. */
export function CatalogueNotFound({ message, back }: CatalogueNotFoundProps) {
  const localize = useLocalize();
  const pageText = useCataloguePageText();
  return (
    <CataloguePage title={message} description={pageText.notFoundText} back={back} noindex>
      <div className="mx-auto max-w-md text-center">
        <p className="mb-6 text-ink-muted">{localize(pageText.notFoundText)}</p>
        <CardLink to={back.to}>{localize(back.label)}</CardLink>
      </div>
    </CataloguePage>
  );
}
