import { catalogueText, modelCount } from '../catalogue/catalogue-text';
import { nonWheeledTractorBrands, nonWheeledTractorOrder } from '../catalogue/non-wheeled-tractors';
import { nonWheeledBrandPath, sparePartsHubPath } from '../catalogue/paths';
import { OrderButton } from '../features/catalogue/actions';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { ViewLink } from '../features/catalogue/links';
import { pageText, sectionName } from '../features/catalogue/page-text';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../i18n/language';

/**
 * /pieces-detachees/tracteurs-sans-roues: Fiat leads to its models; TG50,
 * Massey Ferguson and "Other tractor" open the order form from their card.
 */
export default function NonWheeledTractorsPage() {
  const localize = useLocalize();
  const { open, dialog, banner } = useSparePartOrderDialog();

  return (
    <CataloguePage
      title={sectionName('tracteurs-sans-roues')}
      description={pageText.description.nonWheeledTractors}
      back={{ to: sparePartsHubPath, label: pageText.back.spareParts }}
      banner={banner}
    >
      <CardGrid>
        {nonWheeledTractorBrands.map((brand, index) => {
          const name = localize(brand.name);
          const hasModels = brand.models.length > 0;
          return (
            <CatalogueCard
              key={brand.id}
              name={name}
              image={brand.image}
              placeholder="tractor"
              priority={index === 0}
              detail={hasModels && localize(modelCount(brand.models.length))}
            >
              {hasModels ? (
                <ViewLink to={nonWheeledBrandPath(brand.id)} label={localize(catalogueText.viewModels)} itemName={name} />
              ) : (
                <OrderButton
                  label={localize(catalogueText.order)}
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
