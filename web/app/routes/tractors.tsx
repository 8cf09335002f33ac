import { useState } from 'react';
import { tractors as defaultTractors } from '../../../shared/catalogue/tractors';
import type { Tractor } from '../../../shared/catalogue/types';
import { BackLink } from '../components/BackLink';
import { Modal } from '../../shared/components/Modal';
import { PageMeta } from '../components/PageMeta';
import { homePath } from '../config/paths';
import { SuccessBanner } from '../components/SuccessBanner';
import { TractorCard } from '../features/tractors/TractorCard';
import type { SchemaFormId } from '../../../shared/forms/generated/form-ids';
import { useOrderInAddress } from '../features/catalogue/order-in-address';
import { AddedItems } from '../forms/AddedItems';
import { LazyOrderForm } from '../forms/LazyOrderForm';
import { useLocalize } from '../../shared/i18n/language';
import { useCatalogueList, useSiteText } from '../../shared/content/content';

const tractorOrderForm = 'tractor-order' satisfies SchemaFormId;

export default function TractorsPage() {
  const siteText = useSiteText();
  const localize = useLocalize();
  const tractors = useCatalogueList('tractors', defaultTractors);
  const [selected, setSelected] = useState<Tractor>();
  const [orderSent, setOrderSent] = useState(false);
  // The tractors already sent in this request ("Add Another"), listed in the next one's form.
  const [added, setAdded] = useState<Tractor[]>([]);
  useOrderInAddress((tractorId) => {
    const tractor = tractors.find((candidate) => candidate.id === tractorId);
    if (tractor?.available) setSelected(tractor);
  });

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <PageMeta title={siteText.tractors.title} description={siteText.tractors.description} />
      <BackLink to={homePath} label={localize(siteText.backToHome)} />
      <h1 className="mt-4 mb-2 text-3xl font-bold text-brand-900">{localize(siteText.tractors.title)}</h1>
      <p className="mb-6 text-ink-muted">{localize(siteText.tractors.description)}</p>
      {orderSent && <SuccessBanner message={localize(siteText.tractors.orderSent)} />}
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {tractors.map((tractor, index) => (
          <TractorCard key={tractor.id} tractor={tractor} priority={index === 0} onOrder={setSelected} />
        ))}
      </ul>
      <Modal
        open={selected !== undefined}
        title={selected ? `${localize(siteText.tractors.order)}: ${localize(selected.name)}` : ''}
        onClose={() => setSelected(undefined)}
      >
        <AddedItems names={added.map((tractor) => localize(tractor.name))} />
        {selected && (
          <LazyOrderForm
            formId={tractorOrderForm}
            contextValues={{ tractorModel: selected.model }}
            contextNames={{ tractorModel: selected.name }}
            allowAddAnother
            onKept={() => setSelected(undefined)}
            onSent={(order) => {
              // "Add Another" also closes the form, so the farmer can pick the next tractor; its form keeps their details.
              setAdded(order.mode === 'addAnother' ? [...added, selected] : []);
              setSelected(undefined);
              setOrderSent(true);
            }}
          />
        )}
      </Modal>
    </div>
  );
}
