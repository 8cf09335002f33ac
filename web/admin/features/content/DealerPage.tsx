import { defaultDealer, type Dealer } from '../../../../shared/content/dealer';
import type { ContentOverrides } from '../../../../shared/content/model';
import { resolveDealer } from '../../../../shared/content/resolve';
import { useLocalize } from '../../../app/i18n/language';
import { inputClass, labelClass } from '../../components/styles';
import { adminText } from '../../texts';
import { DraftPage, type DraftChange } from './DraftPage';
import { TextFields } from './TextFields';

const text = adminText.dealer;

/** /admin/dealer: the address, phones, e-mail and opening hours the contact block, the footer and the structured data show. */
export default function DealerPage() {
  const localize = useLocalize();
  return (
    <DraftPage title={localize(adminText.nav.dealer)} previewPath="/">
      {(draft, change) => <DealerFields draft={draft} change={change} />}
    </DraftPage>
  );
}

function DealerFields({ draft, change }: { draft: ContentOverrides; change: DraftChange }) {
  const localize = useLocalize();
  const dealer = resolveDealer(defaultDealer, draft.dealer);
  const set = <K extends keyof Dealer>(key: K, value: Dealer[K]) => change((current) => ({ ...current, dealer: { ...current.dealer, [key]: value } }));

  return (
    <div className="grid max-w-3xl gap-4">
      <TextFields label={localize(text.address)} value={dealer.address} onChange={(value) => set('address', value)} />
      <TextFields label={localize(text.openingHours)} value={dealer.openingHours} onChange={(value) => set('openingHours', value)} />
      <label>
        <span className={labelClass}>{localize(text.phones)}</span>
        <textarea
          dir="ltr"
          rows={3}
          value={dealer.phones.join('\n')}
          onChange={(event) => set('phones', event.target.value.split('\n').map((phone) => phone.trim()).filter(Boolean))}
          className={inputClass}
        />
      </label>
      <label>
        <span className={labelClass}>{localize(text.email)}</span>
        <input type="email" dir="ltr" value={dealer.email} onChange={(event) => set('email', event.target.value.trim())} className={inputClass} />
      </label>
    </div>
  );
}
