import { drawingOf } from '../../../shared/catalogue/drawings';
import { equipmentCategories } from '../../../shared/catalogue/equipment';
import { equipmentCategoryPath } from '../../../shared/catalogue/paths';
import { useCatalogueList, useSiteText } from '../../shared/content/content';
import { homePath } from '../config/paths';
import { useCatalogueText, useCataloguePageText } from '../features/catalogue/catalogue-content';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { ViewLink } from '../features/catalogue/links';
import { useLocalize } from '../../shared/i18n/language';

/** /materiel-agricole: the five equipment pages. */
export default function EquipmentHubPage() {
  const siteText = useSiteText();
  const text = useCatalogueText();
  const pageText = useCataloguePageText();
  const localize = useLocalize();
  const categories = useCatalogueList('equipmentCategories', equipmentCategories);
  return (
    <CataloguePage title={text.equipmentHubTitle} description={pageText.description.equipmentHub} back={{ to: homePath, label: siteText.backToHome }}>
      <CardGrid>
        {categories.map((category, index) => (
          <CatalogueCard key={category.id} name={localize(category.name)} image={category.image} placeholder={drawingOf('equipmentCategories', category.id)} priority={index === 0}>
            <ViewLink to={equipmentCategoryPath(category.id)} label={localize(pageText.browse)} itemName={localize(category.name)} />
          </CatalogueCard>
        ))}
      </CardGrid>
    </CataloguePage>
  );
}
