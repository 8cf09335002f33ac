import type { Localized } from '../../../shared/languages';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SuccessBanner } from '../components/SuccessBanner';
import { thankYouPath } from '../config/paths';
import { customModelId, sparePartSectionPath, wheeledBrandPath } from '../../../shared/catalogue/paths';
import { findById, findModel, joinNames, orderValues, type Brand, type Model } from '../../../shared/catalogue/types';
import { wheeledTractorBrands, wheeledTractorOrder } from '../../../shared/catalogue/wheeled-tractors';
import { useCatalogueList, useSiteText } from '../../shared/content/content';
import { useCatalogueText, useCataloguePageText } from '../features/catalogue/catalogue-content';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { ItemPicture } from '../pictures/ItemPicture';
import { backToBrandModels, modelOrderDescription, sparePartsFor } from '../features/catalogue/page-titles';
import { reportSparePartOrder } from '../features/catalogue/spare-part-orders';
import { sentItemName } from '../features/catalogue/useOrderDialog';
import { AddedItems } from '../forms/AddedItems';
import { LazyOrderForm } from '../forms/LazyOrderForm';
import { useLocalize } from '../../shared/i18n/language';

/**
 * /pieces-detachees/{brandId}/{modelId}: the order page of one wheeled-tractor
 * model, the form right on the page ("custom": the brand without a model).
 */
export default function WheeledModelPage() {
  const { brandId, modelId } = useParams();
  const brand = findById(useCatalogueList('wheeledTractorBrands', wheeledTractorBrands), brandId);
  const text = useCatalogueText();
  const pageText = useCataloguePageText();
  if (!brand) {
    return (
      <CatalogueNotFound
        message={text.brandNotFound}
        back={{ to: sparePartSectionPath('wheeled-tractors'), label: pageText.back.wheeledTractors }}
      />
    );
  }
  const model = modelId === customModelId ? undefined : findModel(brand, modelId);
  if (modelId !== customModelId && !model) {
    return (
      <CatalogueNotFound message={pageText.modelNotFound} back={{ to: wheeledBrandPath(brand.id), label: backToBrandModels(brand.name) }} />
    );
  }
  return <WheeledModel key={`${brand.id}/${modelId}`} brand={brand} model={model} />;
}

function parenthesized(text: Localized): Localized {
  return { ar: `(${text.ar})`, fr: `(${text.fr})`, en: `(${text.en})` };
}

function WheeledModel({ brand, model }: { brand: Brand; model?: Model }) {
  const siteText = useSiteText();
  const text = useCatalogueText();
  const pageText = useCataloguePageText();
  const localize = useLocalize();
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);
  // The parts already sent from this page with "Add Another", listed above the form for the next one.
  const [added, setAdded] = useState<string[]>([]);
  // Without a model ("custom"), the page still says so, apart from the brand page.
  const tractor = joinNames(brand.name, model ? model.name : parenthesized(text.otherModel));
  const order = useMemo(() => wheeledTractorOrder(brand, model), [brand, model]);
  const contextValues = useMemo(() => orderValues(order.context), [order]);
  const title = sparePartsFor(tractor);

  return (
    <CataloguePage
      title={title}
      description={modelOrderDescription(tractor)}
      back={{ to: wheeledBrandPath(brand.id), label: backToBrandModels(brand.name) }}
      banner={sent && <SuccessBanner message={localize(siteText.orderSent)} />}
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section
          aria-label={localize(tractor)}
          className="flex items-center gap-4 overflow-hidden rounded-card border border-line bg-white shadow-sm lg:flex-col lg:items-stretch"
        >
          <div className="w-32 shrink-0 sm:w-48 lg:w-full">
            <ItemPicture image={model?.image ?? brand.image} alt={localize(tractor)} placeholder="wheeled-tractor" priority />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 py-3 pe-4 lg:p-5">
            <dt className="text-ink-muted">{localize(pageText.brand)}</dt>
            <dd className="font-bold text-brand-900">{localize(brand.name)}</dd>
            <dt className="text-ink-muted">{localize(pageText.model)}</dt>
            <dd className="font-bold text-brand-900">{localize(model?.name ?? text.otherModel)}</dd>
          </dl>
        </section>
        <section aria-labelledby="order-form-heading" className="rounded-card border border-line bg-white p-5 shadow-sm sm:p-6">
          <h2 id="order-form-heading" className="mb-4 text-xl font-bold text-brand-900">
            {localize(pageText.orderFormHeading)}
          </h2>
          <AddedItems names={added} />
          <LazyOrderForm
            formId={order.formId}
            contextValues={contextValues}
            contextNames={order.context}
            allowAddAnother
            onSent={(sentOrder) => {
              reportSparePartOrder({ ...order, title: localize(tractor) });
              setAdded(sentOrder.mode === 'addAnother' ? [...added, sentItemName({ ...order, title: localize(tractor) }, sentOrder)] : []);
              // "Add Another" keeps the visitor here with an empty form for the next part.
              if (sentOrder.mode === 'order' && sentOrder.onSuccess === 'thank-you') navigate(thankYouPath);
              else setSent(true);
            }}
          />
        </section>
      </div>
    </CataloguePage>
  );
}
