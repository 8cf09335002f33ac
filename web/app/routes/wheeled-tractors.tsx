import { sparePartsHubPath, wheeledBrandPath } from '../../../shared/catalogue/paths';
import { otherTractorOrder, wheeledTractorBrands, wheeledTractorOrder } from '../../../shared/catalogue/wheeled-tractors';
import { modelCount } from '../../../shared/content/catalogue-text';
import { useCatalogueList } from '../../shared/content/content';
import { OrderButton } from '../forms/OrderButton';
import { useCatalogueText, useCataloguePageText, useSectionName } from '../features/catalogue/catalogue-content';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { OtherOrderButton, ViewLink } from '../features/catalogue/links';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../../shared/i18n/language';

/**
 * /pieces-detachees/wheeled-tractors: the brands. Direct-order brands open the
 * order form from their card; the others lead to their models.
 */
export default function WheeledTractorsPage() {
  const localize = useLocalize();
  const text = useCatalogueText();
  const pageText = useCataloguePageText();
  const brands = useCatalogueList('wheeledTractorBrands', wheeledTractorBrands);
  const { open, dialog, banner } = useSparePartOrderDialog();

  return (
    <CataloguePage
      title={useSectionName('wheeled-tractors')}
      description={pageText.description.wheeledTractors}
      back={{ to: sparePartsHubPath, label: pageText.back.spareParts }}
      banner={banner}
    >
      <CardGrid>
        {brands.map((brand, index) => {
          const name = localize(brand.name);
          return brand.directOrder ? (
            <CatalogueCard key={brand.id} name={name} image={brand.image} placeholder="wheeled-tractor" priority={index === 0}>
              <OrderButton
                label={localize(text.order)}
                itemName={name}
                onClick={() => open({ ...wheeledTractorOrder(brand), title: name })}
              />
            </CatalogueCard>
          ) : (
            <CatalogueCard
              key={brand.id}
              name={name}
              image={brand.image}
              placeholder="wheeled-tractor"
              priority={index === 0}
              detail={localize(brand.models.length > 0 ? modelCount(brand.models.length) : text.allModels)}
            >
              <ViewLink to={wheeledBrandPath(brand.id)} label={localize(text.viewModels)} itemName={name} />
            </CatalogueCard>
          );
        })}
      </CardGrid>
      <OtherOrderButton
        label={localize(text.orderPartsAnotherTractor)}
        onClick={() => open({ ...otherTractorOrder, title: localize(text.orderPartsAnotherTractor) })}
      />
      {dialog}
    </CataloguePage>
  );
}
