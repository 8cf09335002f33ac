import { useRef, useState } from 'react';
import { mapOrigin } from '../../../../shared/map';
import { SuccessBanner } from '../../components/SuccessBanner';
import { useDealer, useSiteText } from '../../../shared/content/content';
import type { SchemaFormId } from '../../../../shared/forms/generated/form-ids';
import { LazyOrderForm } from '../../forms/LazyOrderForm';
import { useNearViewport } from '../../hooks/useNearViewport';
import { useLocalize } from '../../../shared/i18n/language';
import { telLink } from '../../../shared/lib/format';

const contactForm = 'contact-message' satisfies SchemaFormId;

/** Contact block (address, phones, e-mail, opening hours, map) and the contact form; the map and the form load when scrolled near. */
export function ContactSection() {
  const text = useSiteText().home;
  const dealer = useDealer();
  const localize = useLocalize();
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  const [sent, setSent] = useState(false);
  const { lat, lon } = dealer.location;
  const bbox = [lon - 0.02, lat - 0.01, lon + 0.02, lat + 0.01].join(',');

  return (
    <section id="contact" ref={section} className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 className="text-2xl font-bold text-brand-900">{localize(text.contactTitle)}</h2>
        <p className="mt-2 text-ink-muted">{localize(text.contactText)}</p>
        <div className="mt-8 grid gap-8 lg:grid-cols-2">
          <div>
            <dl className="grid gap-4">
              <div>
                <dt className="font-semibold text-brand-900">{localize(text.address)}</dt>
                <dd className="text-ink-muted">{localize(dealer.address)}</dd>
              </div>
              <div>
                <dt className="font-semibold text-brand-900">{localize(text.phone)}</dt>
                {dealer.phones.map((phone) => (
                  <dd key={phone}>
                    <a href={telLink(phone)} dir="ltr" className="inline-flex min-h-12 items-center text-brand-800 underline">
                      {phone}
                    </a>
                  </dd>
                ))}
              </div>
              <div>
                <dt className="font-semibold text-brand-900">{localize(text.email)}</dt>
                <dd>
                  <a href={`mailto:${dealer.email}`} className="inline-flex min-h-12 items-center text-brand-800 underline">
                    {dealer.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-brand-900">{localize(text.openingHours)}</dt>
                <dd className="text-ink-muted">{localize(dealer.openingHours)}</dd>
              </div>
            </dl>
            <div className="mt-6 aspect-[4/3] overflow-hidden rounded-card border border-line bg-brand-50">
              {near ? (
                <iframe
                  title={localize(text.mapTitle)}
                  src={`${mapOrigin}/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lon}`}
                  loading="lazy"
                  className="size-full"
                />
              ) : (
                <a
                  href={`${mapOrigin}/?mlat=${lat}&mlon=${lon}#map=14/${lat}/${lon}`}
                  className="flex size-full items-center justify-center font-medium text-brand-800 underline"
                >
                  {localize(text.openMap)}
                </a>
              )}
            </div>
          </div>
          <div className="rounded-card border border-line bg-surface p-5">
            <h3 className="mb-4 text-xl font-bold text-brand-900">{localize(text.messageTitle)}</h3>
            {sent && <SuccessBanner message={localize(text.messageSent)} />}
            {near && <LazyOrderForm formId={contactForm} onSent={() => setSent(true)} />}
          </div>
        </div>
      </div>
    </section>
  );
}
