import { useEffect, useState } from 'react';
import { contactChannelLabels, type AdminOrder, type ReplyTemplatesResponse } from '../../../../shared/admin-api';
import { internationalPhoneDigits } from '../../../../shared/forms/phone-number';
import { fillReplyTemplate } from '../../../../shared/reply-templates';
import { contactChannels, type ContactChannel } from '../../../../shared/submissions';
import { languageNames } from '../../../shared/components/LanguageChoices';
import { useLocalize } from '../../../shared/i18n/language';
import { AdminApiError } from '../../api/client';
import { isAdmin, useSession } from '../../auth/session';
import { ErrorMessage, StatusMessage } from '../../components/feedback';
import { secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import { useReplyTemplates, useUpdateOrder } from './orders-api';
import { replyLinks } from './reply-links';
import { ReplyTemplatesEditor } from './ReplyTemplatesEditor';

const text = adminText.order.reply;

/** How long "Undo" stays offered after a contact is recorded. */
const undoForMs = 10_000;

/**
 * Call, SMS and WhatsApp buttons to answer the farmer, the message written
 * in the farmer's language from the admins' template. Using one records the
 * contact in the order's history (a `new` order becomes `contacted`), and
 * offers to take it back for a few seconds, for a button pressed by mistake.
 */
export function OrderReply({ order }: { order: AdminOrder }) {
  const localize = useLocalize();
  const session = useSession();
  const templates = useReplyTemplates();
  const update = useUpdateOrder(order.orderId);
  const [recorded, setRecorded] = useState<{ how: ContactChannel; version: number }>();
  const [undone, setUndone] = useState(false);

  useEffect(() => {
    if (!recorded) return;
    const timer = setTimeout(() => setRecorded(undefined), undoForMs);
    return () => clearTimeout(timer);
  }, [recorded]);

  const phoneDigits = internationalPhoneDigits(order.contact.phone);
  if (!phoneDigits) return <p className="text-ink-muted">{localize(text.noPhone)}</p>;
  const message = templates.data ? replyMessage(order, templates.data) : '';
  const links = replyLinks(phoneDigits, message);

  // A contact adds to the order whatever changed since (the page marking it read, a colleague's note): on a stale version it is made again, once, on the current one.
  const record = (how: ContactChannel, version = order.version, again = true) => {
    setUndone(false);
    update.mutate(
      { contacted: how, version },
      {
        onSuccess: (next) => setRecorded({ how, version: next.version }),
        onError: (error) => {
          const current = error instanceof AdminApiError && error.status === 409 ? (error.body?.order as AdminOrder | undefined) : undefined;
          if (again && current) record(how, current.version, false);
        },
      },
    );
  };
  const undo = (version: number) =>
    update.mutate(
      { undoContact: true, version },
      {
        onSuccess: () => {
          setRecorded(undefined);
          setUndone(true);
        },
      },
    );

  return (
    <div className="grid gap-3">
      <p className="text-sm text-ink-muted">{localize(text.help(languageNames[order.language]))}</p>
      {message && (
        <blockquote lang={order.language} dir="auto" className="whitespace-pre-line wrap-anywhere rounded-lg border border-line bg-surface-muted p-3">
          {message}
        </blockquote>
      )}
      <ul className="flex flex-wrap gap-2">
        {contactChannels.map((how) => (
          <li key={how}>
            <a
              href={links[how]}
              // Opens WhatsApp (Web) beside the admin; the dialler and SMS app open outside the browser.
              {...(how === 'whatsapp' ? { target: '_blank', rel: 'noreferrer' } : {})}
              // Until the templates are in, a message would go out empty: the link waits (a key press too).
              onClick={(event) => (how !== 'call' && !message ? event.preventDefault() : record(how))}
              aria-disabled={how !== 'call' && !message}
              className={`${secondaryButtonClass} aria-disabled:pointer-events-none aria-disabled:opacity-50`}
            >
              {localize(contactChannelLabels[how])}
            </a>
          </li>
        ))}
      </ul>
      {update.error && <ErrorMessage>{update.error.message}</ErrorMessage>}
      <StatusMessage>
        {recorded && (
          <span className="flex flex-wrap items-center gap-3">
            {localize(text.recorded(localize(contactChannelLabels[recorded.how])))}
            <button type="button" disabled={update.isPending} onClick={() => undo(recorded.version)} className={secondaryButtonClass}>
              {localize(text.undo)}
            </button>
          </span>
        )}
        {undone && localize(text.undone)}
      </StatusMessage>
      {isAdmin(session) && templates.data && <ReplyTemplatesEditor templates={templates.data} />}
    </div>
  );
}

/** The admins' template in the farmer's language, with this order's and the dealer's details. */
function replyMessage(order: AdminOrder, { templates, dealer }: ReplyTemplatesResponse): string {
  return fillReplyTemplate(templates[order.language], {
    name: order.contact.name,
    item: order.item,
    dealerName: dealer.name[order.language],
    dealerPhone: dealer.phone,
  });
}
