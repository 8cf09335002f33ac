import { sparePartsHubPath, truckBrandPath } from '../../../shared/catalogue/paths';
import { otherTruckOrder, truckBrands, truckOrder } from '../../../shared/catalogue/trucks';
import { modelCount } from '../../../shared/content/catalogue-text';
import { useCatalogueList } from '../../shared/content/content';
import { OrderButton, UnavailableLabel } from '../forms/OrderButton';
import { useCatalogueText, useCataloguePageText, useSectionName } from '../features/catalogue/catalogue-content';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { OtherOrderButton, ViewLink } from '../features/catalogue/links';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../../shared/i18n/language';

/**
 * /pieces-detachees/trucks: Hyundai, Iveco and Saviem order from their card;
 * brands with models lead to them; any other brand has no parts for now.
 */
export default function TrucksPage() {
  const localize = useLocalize();
  const text = useCatalogueText();
  const pageText = useCataloguePageText();
  const brands = useCatalogueList('truckBrands', truckBrands);
  const { open, dialog, banner } = useSparePartOrderDialog();

  return (
    <CataloguePage
      title={useSectionName('trucks')}
      description={pageText.description.trucks}
      back={{ to: sparePartsHubPath, label: pageText.back.spareParts }}
      banner={banner}
    >
      <CardGrid>
        {brands.map((brand, index) => {
          const name = localize(brand.name);
          const hasModels = !brand.directOrder && brand.models.length > 0;
          return (
            <CatalogueCard
              key={brand.id}
              name={name}
              image={brand.image}
              placeholder="truck"
              priority={index === 0}
              detail={hasModels && localize(modelCount(brand.models.length))}
            >
              {brand.directOrder ? (
                <OrderButton
                  label={localize(text.order)}
                  itemName={name}
                  onClick={() => open({ ...truckOrder(brand), title: name })}
                />
              ) : hasModels ? (
                <ViewLink to={truckBrandPath(brand.id)} label={localize(text.viewModels)} itemName={name} />
              ) : (
                <UnavailableLabel label={localize(text.noPartsAvailable)} />
              )}
            </CatalogueCard>
          );
        })}
      </CardGrid>
      <OtherOrderButton
        label={localize(text.orderPartsAnotherTruck)}
        onClick={() => open({ ...otherTruckOrder, title: localize(text.orderPartsAnotherTruck) })}
      />
      {dialog}
    </CataloguePage>
  );
}
