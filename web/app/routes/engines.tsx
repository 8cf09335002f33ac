import { engineCategories, otherEngineOrder } from '../../../shared/catalogue/engines';
import { engineCategoryPath, sparePartsHubPath } from '../../../shared/catalogue/paths';
import { modelCount } from '../../../shared/content/catalogue-text';
import { useCatalogueList } from '../../shared/content/content';
import { useCatalogueText, useCataloguePageText, useSectionName } from '../features/catalogue/catalogue-content';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { OtherOrderButton, ViewLink } from '../features/catalogue/links';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../../shared/i18n/language';

/** /pieces-detachees/agricultural-engines: the engine families, and any other engine. */
export default function EnginesPage() {
  const localize = useLocalize();
  const text = useCatalogueText();
  const pageText = useCataloguePageText();
  const categories = useCatalogueList('engineCategories', engineCategories);
  const { open, dialog, banner } = useSparePartOrderDialog();

  return (
    <CataloguePage
      title={useSectionName('agricultural-engines')}
      description={pageText.description.engines}
      back={{ to: sparePartsHubPath, label: pageText.back.spareParts }}
      banner={banner}
    >
      <CardGrid>
        {categories.map((category, index) => {
          const name = localize(category.name);
          return (
            <CatalogueCard
              key={category.id}
              name={name}
              image={category.image}
              placeholder="engine"
              priority={index === 0}
              detail={localize(modelCount(category.models.length))}
            >
              <ViewLink to={engineCategoryPath(category.id)} label={localize(text.viewModels)} itemName={name} />
            </CatalogueCard>
          );
        })}
      </CardGrid>
      <OtherOrderButton
        label={localize(text.orderPartsAnotherEngine)}
        onClick={() => open({ ...otherEngineOrder, title: localize(text.orderPartsAnotherEngine) })}
      />
      {dialog}
    </CataloguePage>
  );
}
