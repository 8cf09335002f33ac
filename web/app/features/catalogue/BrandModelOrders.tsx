import type { Localized } from '../../../../shared/languages';
import { findModel, joinNames, type Brand, type Model, type OrderForm } from '../../../../shared/catalogue/types';
import { useLocalize } from '../../../shared/i18n/language';
import { OrderButton } from '../../forms/OrderButton';
import { CardGrid, CatalogueCard } from './CatalogueCard';
import { CataloguePage } from './CataloguePage';
import type { DrawingKind } from '../../../../shared/catalogue/drawings';
import { EmptyMessage } from './links';
import { useCatalogueText } from './catalogue-content';
import { useOrderInAddress } from './order-in-address';
import { modelsDescription } from './page-titles';
import { useSparePartOrderDialog } from './spare-part-orders';

interface BrandModelOrdersProps {
  brand: Brand;
  title: Localized;
  back: { to: string; label: Localized };
  /** Shown when the brand lists no model. */
  emptyText: Localized;
  placeholder: DrawingKind;
  order(brand: Brand, model: Model): OrderForm;
}

/** A brand's models, each with its Order button opening the order modal (non-wheeled tractors, trucks). */
export function BrandModelOrders({ brand, title, back, emptyText, placeholder, order }: BrandModelOrdersProps) {
  const localize = useLocalize();
  const text = useCatalogueText();
  const { open, dialog, banner } = useSparePartOrderDialog();
  const openModel = (model: Model) => open({ ...order(brand, model), title: localize(joinNames(brand.name, model.name)) });
  useOrderInAddress((modelId) => {
    const model = findModel(brand, modelId);
    if (model) openModel(model);
  });

  return (
    <CataloguePage title={title} description={modelsDescription(title)} back={back} banner={banner}>
      {brand.models.length === 0 ? (
        <EmptyMessage text={localize(emptyText)} />
      ) : (
        <CardGrid>
          {brand.models.map((model, index) => {
            const name = localize(joinNames(brand.name, model.name));
            return (
              <CatalogueCard
                key={model.id}
                id={model.id}
                name={localize(model.name)}
                image={model.image ?? brand.image}
                placeholder={placeholder}
                priority={index === 0}
              >
                <OrderButton
                  label={localize(text.order)}
                  itemName={name}
                  onClick={() => openModel(model)}
                />
              </CatalogueCard>
            );
          })}
        </CardGrid>
      )}
      {dialog}
    </CataloguePage>
  );
}
