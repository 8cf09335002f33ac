import { catalogueText } from '../catalogue/catalogue-text';
import { sparePartSectionPath } from '../catalogue/paths';
import { sparePartSections } from '../catalogue/spare-part-hub';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { ViewLink } from '../features/catalogue/links';
import { pageText } from '../features/catalogue/page-text';
import { useLocalize } from '../i18n/language';
import { siteText } from '../i18n/site-text';

/** /pieces-detachees: the six spare-part sections. */
export default function SparePartsHubPage() {
  const localize = useLocalize();
  return (
    <CataloguePage
      title={catalogueText.sparePartsHubTitle}
      description={pageText.description.sparePartsHub}
      back={{ to: '/', label: siteText.backToHome }}
    >
      <CardGrid>
        {sparePartSections.map((section, index) => (
          <CatalogueCard
            key={section.id}
            name={localize(section.name)}
            image={section.image}
            placeholder={section.id.includes('tractors') || section.id === 'tracteurs-sans-roues' ? 'tractor' : 'part'}
            priority={index === 0}
          >
            <ViewLink to={sparePartSectionPath(section.id)} label={localize(pageText.browse)} itemName={localize(section.name)} />
          </CatalogueCard>
        ))}
      </CardGrid>
    </CataloguePage>
  );
}
