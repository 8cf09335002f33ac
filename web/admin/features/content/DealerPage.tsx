import { useId } from 'react';
import { defaultDealer } from '../../../../shared/content/dealer';
import type { ContentOverrides, DealerOverrides } from '../../../../shared/content/model';
import { completeText, resolveDealer } from '../../../../shared/content/resolve';
import { useLocalize } from '../../../shared/i18n/language';
import { NumberInput } from '../../components/NumberInput';
import { inputClass, labelClass } from '../../components/styles';
import { adminText } from '../../texts';
import { DraftPage, type DraftChange } from './DraftPage';
import { FieldProblem, problemAttributes, useProblems } from './problems';
import { TextFields } from './TextFields';

const text = adminText.dealer;

/** /admin/dealer: the details the contact block, the footer, the home page's banner and figures, and the structured data show. */
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
  const typed = draft.dealer ?? {};
  const set = <K extends keyof DealerOverrides>(key: K, value: DealerOverrides[K]) => change((current) => ({ ...current, dealer: { ...current.dealer, [key]: value } }));
  const setPromo = (promo: Partial<NonNullable<DealerOverrides['promo']>>) =>
    set('promo', { show: dealer.promo.show, text: typed.promo?.text, linkLabel: typed.promo?.linkLabel, ...promo });
  // Lines are kept as typed (a new line, a space) and tidied when the field is left.
  const lines = (value: string) => value.split('\n');
  const tidy = (values: string[]) => values.map((line) => line.trim()).filter(Boolean);
  const problems = useDealerProblems();
  const socialLines = dealer.social.map((link) => `${link.name} ${link.url}`.trim());
  const social = (values: string[]) =>
    values.map((line) => {
      const at = line.lastIndexOf(' ');
      return at < 0 ? { name: '', url: line } : { name: line.slice(0, at), url: line.slice(at + 1) };
    });

  return (
    <div className="grid max-w-3xl gap-4">
      <TextFields label={localize(text.address)} value={dealer.address} typed={typed.address} place="dealer.address" onChange={(value) => set('address', value)} />
      <TextFields label={localize(text.openingHours)} value={dealer.openingHours} typed={typed.openingHours} place="dealer.openingHours" onChange={(value) => set('openingHours', value)} />
      <label>
        <span className={labelClass}>{localize(text.phones)}</span>
        <textarea
          dir="ltr"
          rows={3}
          value={dealer.phones.join('\n')}
          onChange={(event) => set('phones', lines(event.target.value))}
          onBlur={() => set('phones', tidy(dealer.phones))}
          className={inputClass}
          {...problems.attributes('phones')}
        />
      </label>
      {problems.message('phones')}
      <label>
        <span className={labelClass}>{localize(text.email)}</span>
        <input type="email" dir="ltr" value={dealer.email} onChange={(event) => set('email', event.target.value.trim())} className={inputClass} {...problems.attributes('email')} />
      </label>
      {problems.message('email')}
      <label>
        <span className={labelClass}>{localize(text.social)}</span>
        <textarea
          dir="ltr"
          rows={4}
          value={socialLines.join('\n')}
          onChange={(event) => set('social', social(lines(event.target.value)))}
          onBlur={() => set('social', social(tidy(socialLines)))}
          className={inputClass}
          {...problems.attributes('social')}
        />
      </label>
      {problems.message('social')}
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className={labelClass}>{localize(text.location)}</legend>
        {(['lat', 'lon'] as const).map((axis) => (
          <label key={axis}>
            <span className="text-sm font-medium">{localize(text[axis])}</span>
            <NumberInput decimals value={dealer.location[axis]} onChange={(value) => set('location', { ...dealer.location, [axis]: value })} {...problems.attributes('location')} />
          </label>
        ))}
        <div className="col-span-2">{problems.message('location')}</div>
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className={labelClass}>{localize(text.promo)}</legend>
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" checked={dealer.promo.show} onChange={(event) => setPromo({ show: event.target.checked })} />
          {localize(text.promoShown)}
        </label>
        <TextFields label={localize(text.promoText)} value={dealer.promo.text} typed={typed.promo?.text} onChange={(value) => setPromo({ text: value })} />
        <TextFields label={localize(text.promoLink)} value={dealer.promo.linkLabel} typed={typed.promo?.linkLabel} onChange={(value) => setPromo({ linkLabel: value })} />
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className={labelClass}>{localize(text.figures)}</legend>
        {dealer.figures.map((figure, index) => (
          <div key={index} className="grid gap-2 rounded-card border border-line p-3">
            <label>
              <span className="text-sm font-medium">{localize(text.figureValue)}</span>
              <input
                dir="ltr"
                value={figure.value}
                onChange={(event) => set('figures', dealer.figures.map((other, at) => (at === index ? { ...other, value: event.target.value } : other)))}
                className={inputClass}
              />
            </label>
            {/* A figure's label has no default to fall back on: a language left empty shows another one. */}
            <TextFields
              label={localize(text.figureLabel)}
              value={figure.label}
              typed={typed.figures?.[index]?.label ?? figure.label}
              onChange={(label) => set('figures', dealer.figures.map((other, at) => (at === index ? { ...other, label: completeText(label) } : other)))}
            />
          </div>
        ))}
      </fieldset>
    </div>
  );
}

/** A dealer detail's problems (`dealer.phones`, `dealer.phones.1`): the field's attributes, and the message under it. */
function useDealerProblems() {
  const id = useId();
  const problems = useProblems('dealer');
  const at = (field: string) => problems.filter((problem) => problem.path === `dealer.${field}` || problem.path.startsWith(`dealer.${field}.`)).map((problem) => problem.message);
  return {
    attributes: (field: string) => problemAttributes(at(field).length > 0 && `${id}-${field}`),
    message: (field: string) => <FieldProblem id={`${id}-${field}`} messages={at(field)} />,
  };
}
