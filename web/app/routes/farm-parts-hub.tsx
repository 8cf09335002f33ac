import { farmPartCategories } from '../catalogue/farm-parts';
import { farmPartCategoryPath, sparePartsHubPath } from '../catalogue/paths';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { ViewLink } from '../features/catalogue/links';
import { pageText, sectionName } from '../features/catalogue/page-text';
import { useLocalize } from '../i18n/language';

/** /pieces-detachees/ghiyar-3itad-zira3i: the five farm-equipment spare-part categories. */
export default function FarmPartsHubPage() {
  const localize = useLocalize();
  return (
    <CataloguePage
      title={sectionName('ghiyar-3itad-zira3i')}
      description={pageText.description.farmPartsHub}
      back={{ to: sparePartsHubPath, label: pageText.back.spareParts }}
    >
      <CardGrid>
        {farmPartCategories.map((category, index) => {
          const name = localize(category.name);
          return (
            <CatalogueCard key={category.id} name={name} image={category.image} placeholder="part" priority={index === 0}>
              <ViewLink to={farmPartCategoryPath(category.id)} label={localize(pageText.browse)} itemName={name} />
            </CatalogueCard>
          );
        })}
      </CardGrid>
    </CataloguePage>
  );
}
