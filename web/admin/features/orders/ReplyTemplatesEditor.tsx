import { useId, useState, type FormEvent } from 'react';
import type { ReplyTemplatesResponse } from '../../../../shared/admin-api';
import { languages, type Localized } from '../../../../shared/languages';
import { maxReplyTemplateLength, unknownPlaceholder, unknownPlaceholderMessage } from '../../../../shared/reply-templates';
import { languageNames } from '../../../shared/components/LanguageChoices';
import { useLocalize } from '../../../shared/i18n/language';
import { ErrorMessage, StatusMessage } from '../../components/feedback';
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import { useSaveReplyTemplates } from './orders-api';

const text = adminText.order.reply;

/**
 * Admins only: the message of each language, as farmers get it by SMS or
 * WhatsApp, with its placeholders. A placeholder the admin mistyped is said
 * before anything is sent (the API refuses it too).
 */
export function ReplyTemplatesEditor({ templates }: { templates: ReplyTemplatesResponse }) {
  const localize = useLocalize();
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)} className="rounded-lg border border-line p-3">
      <summary className="min-h-11 cursor-pointer content-center font-medium text-brand-800">{localize(text.editTemplates)}</summary>
      {/* Made only once opened: the order page's own form stays the only one to save. */}
      {open && <TemplatesForm templates={templates} />}
    </details>
  );
}

function TemplatesForm({ templates }: { templates: ReplyTemplatesResponse }) {
  const localize = useLocalize();
  const id = useId();
  const save = useSaveReplyTemplates();
  const [drafts, setDrafts] = useState<Localized>(templates.templates);
  const [saved, setSaved] = useState(false);
  const mistyped = languages.map((language) => unknownPlaceholder(drafts[language])).find(Boolean);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (mistyped) return;
    save.mutate({ templates: drafts }, { onSuccess: () => setSaved(true) });
  };
  const change = (language: keyof Localized, value: string) => {
    setSaved(false);
    setDrafts((current) => ({ ...current, [language]: value }));
  };

  return (
    <form onSubmit={submit} className="mt-3 grid gap-4">
        <p className="text-sm text-ink-muted">{localize(text.templatesHelp)}</p>
        {languages.map((language) => (
          <div key={language}>
            <label htmlFor={`${id}-${language}`} className={labelClass}>
              {localize(text.templateIn(languageNames[language]))}
            </label>
            <textarea
              id={`${id}-${language}`}
              lang={language}
              dir={language === 'ar' ? 'rtl' : 'ltr'}
              rows={4}
              required
              maxLength={maxReplyTemplateLength}
              value={drafts[language]}
              onChange={(event) => change(language, event.target.value)}
              className={inputClass}
            />
            {drafts[language] !== templates.defaults[language] && (
              <button type="button" onClick={() => change(language, templates.defaults[language])} className={`${secondaryButtonClass} mt-2`}>
                {localize(text.restoreDefault)}
              </button>
            )}
          </div>
        ))}
        {mistyped && <ErrorMessage>{localize(unknownPlaceholderMessage(mistyped))}</ErrorMessage>}
        {save.error && <ErrorMessage>{save.error.message}</ErrorMessage>}
        <div>
          <button type="submit" disabled={save.isPending || Boolean(mistyped)} className={buttonClass}>
            {localize(save.isPending ? adminText.saving : adminText.save)}
          </button>
        </div>
        <StatusMessage>{saved && localize(text.templatesSaved)}</StatusMessage>
    </form>
  );
}
