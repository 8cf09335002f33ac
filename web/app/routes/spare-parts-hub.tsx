import { drawingOf } from '../../../shared/catalogue/drawings';
import { sparePartSectionPath } from '../../../shared/catalogue/paths';
import { sparePartSections } from '../../../shared/catalogue/spare-part-hub';
import { useCatalogueList, useSiteText } from '../../shared/content/content';
import { homePath } from '../config/paths';
import { useCatalogueText, useCataloguePageText } from '../features/catalogue/catalogue-content';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { ViewLink } from '../features/catalogue/links';
import { useLocalize } from '../../shared/i18n/language';
import { SiteSearch } from '../search/SiteSearch';

/** /pieces-detachees: the six spare-part sections. */
export default function SparePartsHubPage() {
  const siteText = useSiteText();
  const localize = useLocalize();
  const text = useCatalogueText();
  const pageText = useCataloguePageText();
  const sections = useCatalogueList('sparePartSections', sparePartSections);
  return (
    <CataloguePage
      title={text.sparePartsHubTitle}
      description={pageText.description.sparePartsHub}
      back={{ to: homePath, label: siteText.backToHome }}
    >
      <div className="mx-auto mb-6 max-w-xl">
        <SiteSearch />
      </div>
      <CardGrid>
        {sections.map((section, index) => (
          <CatalogueCard
            key={section.id}
            name={localize(section.name)}
            image={section.image}
            placeholder={drawingOf('sparePartSections', section.id)}
            priority={index === 0}
          >
            <ViewLink to={sparePartSectionPath(section.id)} label={localize(pageText.browse)} itemName={localize(section.name)} />
          </CatalogueCard>
        ))}
      </CardGrid>
    </CataloguePage>
  );
}
