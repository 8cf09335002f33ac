import { catalogueText, modelCount } from '../catalogue/catalogue-text';
import { sparePartsHubPath, truckBrandPath } from '../catalogue/paths';
import { otherTruckOrder, truckBrands, truckOrder } from '../catalogue/trucks';
import { OrderButton, UnavailableLabel } from '../features/catalogue/actions';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { OtherOrderButton, ViewLink } from '../features/catalogue/links';
import { pageText, sectionName } from '../features/catalogue/page-text';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../i18n/language';

/**
 * /pieces-detachees/trucks: Hyundai, Iveco and Saviem order from their card;
 * brands with models lead to them; any other brand has no parts for now.
 */
export default function TrucksPage() {
  const localize = useLocalize();
  const { open, dialog, banner } = useSparePartOrderDialog();

  return (
    <CataloguePage
      title={sectionName('trucks')}
      description={pageText.description.trucks}
      back={{ to: sparePartsHubPath, label: pageText.back.spareParts }}
      banner={banner}
    >
      <CardGrid>
        {truckBrands.map((brand, index) => {
          const name = localize(brand.name);
          const hasModels = !brand.directOrder && brand.models.length > 0;
          return (
            <CatalogueCard
              key={brand.id}
              name={name}
              image={brand.image}
              placeholder="part"
              priority={index === 0}
              detail={hasModels && localize(modelCount(brand.models.length))}
            >
              {brand.directOrder ? (
                <OrderButton
                  label={localize(catalogueText.order)}
                  itemName={name}
                  onClick={() => open({ ...truckOrder(brand), title: name })}
                />
              ) : hasModels ? (
                <ViewLink to={truckBrandPath(brand.id)} label={localize(catalogueText.viewModels)} itemName={name} />
              ) : (
                <UnavailableLabel label={localize(catalogueText.noPartsAvailable)} />
              )}
            </CatalogueCard>
          );
        })}
      </CardGrid>
      <OtherOrderButton
        label={localize(catalogueText.orderPartsAnotherTruck)}
        onClick={() => open({ ...otherTruckOrder, title: localize(catalogueText.orderPartsAnotherTruck) })}
      />
      {dialog}
    </CataloguePage>
  );
}
