import { catalogueText, modelCount } from '../catalogue/catalogue-text';
import { sparePartsHubPath, wheeledBrandPath } from '../catalogue/paths';
import { otherTractorOrder, wheeledTractorBrands, wheeledTractorOrder } from '../catalogue/wheeled-tractors';
import { OrderButton } from '../features/catalogue/actions';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { OtherOrderButton, ViewLink } from '../features/catalogue/links';
import { pageText, sectionName } from '../features/catalogue/page-text';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../i18n/language';

/**
 * /pieces-detachees/wheeled-tractors: the brands. Direct-order brands open the
 * order form from their card; the others lead to their models.
 */
export default function WheeledTractorsPage() {
  const localize = useLocalize();
  const { open, dialog, banner } = useSparePartOrderDialog();

  return (
    <CataloguePage
      title={sectionName('wheeled-tractors')}
      description={pageText.description.wheeledTractors}
      back={{ to: sparePartsHubPath, label: pageText.back.spareParts }}
      banner={banner}
    >
      <CardGrid>
        {wheeledTractorBrands.map((brand, index) => {
          const name = localize(brand.name);
          return brand.directOrder ? (
            <CatalogueCard key={brand.id} name={name} image={brand.image} placeholder="tractor" priority={index === 0}>
              <OrderButton
                label={localize(catalogueText.order)}
                itemName={name}
                onClick={() => open({ ...wheeledTractorOrder(brand), title: name })}
              />
            </CatalogueCard>
          ) : (
            <CatalogueCard
              key={brand.id}
              name={name}
              image={brand.image}
              placeholder="tractor"
              priority={index === 0}
              detail={localize(brand.models.length > 0 ? modelCount(brand.models.length) : catalogueText.allModels)}
            >
              <ViewLink to={wheeledBrandPath(brand.id)} label={localize(catalogueText.viewModels)} itemName={name} />
            </CatalogueCard>
          );
        })}
      </CardGrid>
      <OtherOrderButton
        label={localize(catalogueText.orderPartsAnotherTractor)}
        onClick={() => open({ ...otherTractorOrder, title: localize(catalogueText.orderPartsAnotherTractor) })}
      />
      {dialog}
    </CataloguePage>
  );
}
