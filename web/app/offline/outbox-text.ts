import type { Localized } from '../../../shared/languages';

export const outboxText = {
  queued: {
    ar: 'لا يوجد اتصال بالإنترنت. حُفظ طلبك على هذا الهاتف وسيُرسل تلقائيًا عند عودة الشبكة.',
    fr: 'Pas de connexion. Votre commande est gardée sur ce téléphone et partira toute seule au retour du réseau.',
    en: 'No connection. Your order is saved on this phone and will be sent by itself when the network returns.',
  },
  /** The network worked, but the site could not take the order just then (a 5xx, a 429). */
  queuedBusy: {
    ar: 'تعذّر على الموقع استلام طلبك الآن. حُفظ على هذا الهاتف وسيُرسل تلقائيًا بعد قليل.',
    fr: "Le site n'a pas pu prendre votre commande à l'instant. Elle est gardée sur ce téléphone et partira toute seule dans un moment.",
    en: 'The site could not take your order just now. It is saved on this phone and will be sent by itself in a moment.',
  },
  sent: {
    ar: 'تم إرسال طلبك المحفوظ بنجاح!',
    fr: 'Votre commande gardée a été envoyée !',
    en: 'Your saved order has been sent!',
  },
} satisfies Record<string, Localized>;
