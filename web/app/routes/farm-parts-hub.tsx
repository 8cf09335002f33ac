import { drawingOf } from '../../../shared/catalogue/drawings';
import { farmPartCategories } from '../../../shared/catalogue/farm-parts';
import { farmPartCategoryPath, sparePartsHubPath } from '../../../shared/catalogue/paths';
import { useCatalogueList } from '../../shared/content/content';
import { useCataloguePageText, useSectionName } from '../features/catalogue/catalogue-content';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { ViewLink } from '../features/catalogue/links';
import { useLocalize } from '../../shared/i18n/language';

/** /pieces-detachees/ghiyar-3itad-zira3i: the five farm-equipment spare-part categories. */
export default function FarmPartsHubPage() {
  const localize = useLocalize();
  const pageText = useCataloguePageText();
  const categories = useCatalogueList('farmPartCategories', farmPartCategories);
  return (
    <CataloguePage
      title={useSectionName('ghiyar-3itad-zira3i')}
      description={pageText.description.farmPartsHub}
      back={{ to: sparePartsHubPath, label: pageText.back.spareParts }}
    >
      <CardGrid>
        {categories.map((category, index) => {
          const name = localize(category.name);
          return (
            <CatalogueCard key={category.id} name={name} image={category.image} placeholder={drawingOf('farmPartCategories', category.id)} priority={index === 0}>
              <ViewLink to={farmPartCategoryPath(category.id)} label={localize(pageText.browse)} itemName={name} />
            </CatalogueCard>
          );
        })}
      </CardGrid>
    </CataloguePage>
  );
}
