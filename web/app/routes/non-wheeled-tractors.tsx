import { nonWheeledTractorBrands, nonWheeledTractorOrder } from '../../../shared/catalogue/non-wheeled-tractors';
import { nonWheeledBrandPath, sparePartsHubPath } from '../../../shared/catalogue/paths';
import { modelCount } from '../../../shared/content/catalogue-text';
import { useCatalogueList } from '../../shared/content/content';
import { OrderButton } from '../forms/OrderButton';
import { useCatalogueText, useCataloguePageText, useSectionName } from '../features/catalogue/catalogue-content';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { ViewLink } from '../features/catalogue/links';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../../shared/i18n/language';

/**
 * /pieces-detachees/tracteurs-sans-roues: Fiat leads to its models; TG50,
 * Massey Ferguson and "Other tractor" open the order form from their card.
 */
export default function NonWheeledTractorsPage() {
  const localize = useLocalize();
  const text = useCatalogueText();
  const pageText = useCataloguePageText();
  const brands = useCatalogueList('nonWheeledTractorBrands', nonWheeledTractorBrands);
  const { open, dialog, banner } = useSparePartOrderDialog();

  return (
    <CataloguePage
      title={useSectionName('tracteurs-sans-roues')}
      description={pageText.description.nonWheeledTractors}
      back={{ to: sparePartsHubPath, label: pageText.back.spareParts }}
      banner={banner}
    >
      <CardGrid>
        {brands.map((brand, index) => {
          const name = localize(brand.name);
          const hasModels = brand.models.length > 0;
          return (
            <CatalogueCard
              key={brand.id}
              name={name}
              image={brand.image}
              placeholder="crawler-tractor"
              priority={index === 0}
              detail={hasModels && localize(modelCount(brand.models.length))}
            >
              {hasModels ? (
                <ViewLink to={nonWheeledBrandPath(brand.id)} label={localize(text.viewModels)} itemName={name} />
              ) : (
                <OrderButton
                  label={localize(text.order)}
                  itemName={name}
                  onClick={() => open({ ...nonWheeledTractorOrder(brand), title: name })}
                />
              )}
            </CatalogueCard>
          );
        })}
      </CardGrid>
      {dialog}
    </CataloguePage>
  );
}
