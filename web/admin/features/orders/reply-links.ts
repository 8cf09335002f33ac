import type { ContactChannel } from '../../../../shared/submissions';

/**
 * Where each answer opens, for a phone in international form, digits only
 * (`213661234567`, shared/forms/phone-number.ts): the phone's dialler, its
 * SMS app with the message written, WhatsApp with the message written (on a
 * phone its app, on a desk WhatsApp Web).
 */
export function replyLinks(phoneDigits: string, message: string): Record<ContactChannel, string> {
  const text = encodeURIComponent(message);
  return {
    call: `tel:+${phoneDigits}`,
    // `?body=` is what Android and iOS both read.
    sms: `sms:+${phoneDigits}?body=${text}`,
    whatsapp: `https://wa.me/${phoneDigits}?text=${text}`,
  };
}
