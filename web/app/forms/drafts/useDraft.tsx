import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormData, FormSchema } from '../../../../shared/forms/form-schema';
import { imageFields } from '../../../../shared/forms/uploads';
import { useLocalize } from '../../../shared/i18n/language';
import { pickedFile, restorePicked } from '../../../shared/forms/images/picked-images';
import { isUsable, type HeldStartToken, type StartTokenSource } from '../start-token';
import { deleteDraft, draftKey, readDraft, saveDraft, type Draft } from './draft-store';
import { draftText } from './draft-text';

/** How long typing pauses before the draft is written. */
const saveDelayMs = 400;

interface DraftOptions {
  formId: string;
  schema: FormSchema;
  fixedValues: FormData;
  /** The form as it opens: a draft equal to it holds nothing of the farmer's. */
  initialData: FormData;
  formData: FormData;
  setFormData(data: FormData): void;
  /** The form's start token (../start-token.ts): kept with the draft, and taken back with it. */
  startToken: StartTokenSource;
}

/**
 * Keeps the form's values and photos on the phone while the farmer fills it
 * in, and offers them back when the same form opens again. `forget` drops the
 * draft once the order is sent.
 */
export function useDraft({ formId, schema, fixedValues, initialData, formData, setFormData, startToken }: DraftOptions) {
  const key = draftKey(formId, fixedValues);
  const [offered, setOffered] = useState<Draft>();
  // Nothing is written until the stored draft was read (and, when there is one, taken or refused).
  const [ready, setReady] = useState(false);
  const photoFields = useMemo(() => imageFields(schema).map(({ name }) => name), [schema]);
  // The token of the visit the draft began in, once taken back.
  const resumedToken = useRef<HeldStartToken>(undefined);

  useEffect(() => {
    let active = true;
    readDraft(key).then(
      (draft) => {
        if (!active) return;
        if (draft) setOffered(draft);
        else setReady(true);
      },
      () => active && setReady(true),
    );
    return () => {
      active = false;
    };
  }, [key]);

  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      const typed = hasTyped(formData, initialData);
      const token = resumedToken.current ?? startToken.current;
      void (typed ? saveDraft(key, toDraft(formData, photoFields, token)) : deleteDraft(key)).catch(() => undefined);
    }, saveDelayMs);
    return () => clearTimeout(timer);
  }, [ready, key, formData, photoFields, initialData, startToken]);

  const resume = () => {
    if (!offered) return;
    const photos = Object.fromEntries(Object.entries(offered.photos).map(([name, files]) => [name, files.map(restorePicked)]));
    setFormData({ ...initialData, ...offered.data, ...photos, ...fixedValues });
    // An expired one is left: the order then takes the form's own.
    resumedToken.current = isUsable(offered.startToken) ? offered.startToken : undefined;
    setOffered(undefined);
    setReady(true);
  };
  const startOver = () => {
    setOffered(undefined);
    setReady(true);
    void deleteDraft(key).catch(() => undefined);
  };
  const forget = () => {
    // Its token went with the order: the next one from this form takes the form's own.
    resumedToken.current = undefined;
    void deleteDraft(key).catch(() => undefined);
  };

  return {
    offer: offered && <DraftOffer onResume={resume} onStartOver={startOver} />,
    forget,
    /** The start token to send: the draft's when one was taken back, timing the order from when the farmer began. */
    startToken: () => resumedToken.current ?? startToken.current,
  };
}

/** True when some value differs from the form as it opened (an emptied field is no draft). */
function hasTyped(formData: FormData, initialData: FormData): boolean {
  return Object.entries(formData).some(
    ([name, value]) =>
      value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0) && JSON.stringify(value) !== JSON.stringify(initialData[name]),
  );
}

function toDraft(formData: FormData, photoFields: string[], startToken: HeldStartToken | undefined): Draft {
  const data: FormData = {};
  const photos: Record<string, File[]> = {};
  for (const [name, value] of Object.entries(formData)) {
    if (!photoFields.includes(name)) data[name] = value;
    else if (Array.isArray(value)) photos[name] = value.flatMap((url) => (typeof url === 'string' ? (pickedFile(url) ?? []) : []));
  }
  return { data, photos, savedAt: Date.now(), ...(startToken ? { startToken } : {}) };
}

function DraftOffer({ onResume, onStartOver }: { onResume(): void; onStartOver(): void }) {
  const localize = useLocalize();
  return (
    <div className="mb-4 rounded-lg border border-brand-200 bg-brand-50 p-3">
      <p className="mb-2 font-medium text-brand-900">{localize(draftText.offer)}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={onResume} className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
          {localize(draftText.resume)}
        </button>
        <button
          type="button"
          onClick={onStartOver}
          className="min-h-11 rounded-lg border border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50"
        >
          {localize(draftText.startOver)}
        </button>
      </div>
    </div>
  );
}
