import { useParams } from 'react-router';
import { nonWheeledTractorBrands, nonWheeledTractorOrder } from '../../../shared/catalogue/non-wheeled-tractors';
import { sparePartSectionPath } from '../../../shared/catalogue/paths';
import { findById } from '../../../shared/catalogue/types';
import { useCatalogueList } from '../../shared/content/content';
import { BrandModelOrders } from '../features/catalogue/BrandModelOrders';
import { useCatalogueText, useCataloguePageText } from '../features/catalogue/catalogue-content';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { nonWheeledPartsFor } from '../features/catalogue/page-titles';
import { useBrandPageView } from '../features/catalogue/spare-part-orders';

/** /pieces-detachees/tracteurs-sans-roues/{brandId}: a non-wheeled brand's models, each with its Order button. */
export default function NonWheeledBrandPage() {
  const { brandId } = useParams();
  const brand = findById(useCatalogueList('nonWheeledTractorBrands', nonWheeledTractorBrands), brandId);
  const text = useCatalogueText();
  const back = { to: sparePartSectionPath('tracteurs-sans-roues'), label: useCataloguePageText().back.nonWheeledTractors };
  useBrandPageView(brand?.id);
  if (!brand) return <CatalogueNotFound message={text.brandNotFound} back={back} />;
  return (
    <BrandModelOrders
      key={brand.id}
      brand={brand}
      title={nonWheeledPartsFor(brand.name)}
      back={back}
      emptyText={text.noProductAvailable}
      placeholder="crawler-tractor"
      order={nonWheeledTractorOrder}
    />
  );
}
