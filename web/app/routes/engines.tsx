import { catalogueText, modelCount } from '../catalogue/catalogue-text';
import { engineCategories, otherEngineOrder } from '../catalogue/engines';
import { engineCategoryPath, sparePartsHubPath } from '../catalogue/paths';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { OtherOrderButton, ViewLink } from '../features/catalogue/links';
import { pageText, sectionName } from '../features/catalogue/page-text';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../i18n/language';

/** /pieces-detachees/agricultural-engines: the engine families, and any other engine. */
export default function EnginesPage() {
  const localize = useLocalize();
  const { open, dialog, banner } = useSparePartOrderDialog();

  return (
    <CataloguePage
      title={sectionName('agricultural-engines')}
      description={pageText.description.engines}
      back={{ to: sparePartsHubPath, label: pageText.back.spareParts }}
      banner={banner}
    >
      <CardGrid>
        {engineCategories.map((category, index) => {
          const name = localize(category.name);
          return (
            <CatalogueCard
              key={category.id}
              name={name}
              image={category.image}
              placeholder="part"
              priority={index === 0}
              detail={localize(modelCount(category.models.length))}
            >
              <ViewLink to={engineCategoryPath(category.id)} label={localize(catalogueText.viewModels)} itemName={name} />
            </CatalogueCard>
          );
        })}
      </CardGrid>
      <OtherOrderButton
        label={localize(catalogueText.orderPartsAnotherEngine)}
        onClick={() => open({ ...otherEngineOrder, title: localize(catalogueText.orderPartsAnotherEngine) })}
      />
      {dialog}
    </CataloguePage>
  );
}
