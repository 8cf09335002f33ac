import { catalogueText } from '../catalogue/catalogue-text';
import { equipmentCategories } from '../catalogue/equipment';
import { equipmentCategoryPath } from '../catalogue/paths';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { ViewLink } from '../features/catalogue/links';
import { pageText } from '../features/catalogue/page-text';
import { useLocalize } from '../i18n/language';
import { siteText } from '../i18n/site-text';

/** /materiel-agricole: the five equipment pages. */
export default function EquipmentHubPage() {
  const localize = useLocalize();
  return (
    <CataloguePage
      title={catalogueText.equipmentHubTitle}
      description={pageText.description.equipmentHub}
      back={{ to: '/', label: siteText.backToHome }}
    >
      <CardGrid>
        {equipmentCategories.map((category, index) => (
          <CatalogueCard key={category.id} name={localize(category.name)} image={category.image} priority={index === 0}>
            <ViewLink to={equipmentCategoryPath(category.id)} label={localize(pageText.browse)} itemName={localize(category.name)} />
          </CatalogueCard>
        ))}
      </CardGrid>
    </CataloguePage>
  );
}
