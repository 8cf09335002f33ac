import type { Localized } from '../../../shared/languages';

export const outboxText = {
  queued: {
    ar: 'لا يوجد اتصال بالإنترنت. حُفظ طلبك على هذا الهاتف وسيُرسل تلقائيًا عند عودة الشبكة.',
    fr: 'Pas de connexion. Votre commande est gardée sur ce téléphone et partira toute seule au retour du réseau.',
    en: 'No connection. Your order is saved on this phone and will be sent by itself when the network returns.',
  },
  sent: {
    ar: 'تم إرسال طلبك المحفوظ بنجاح!',
    fr: 'Votre commande gardée a été envoyée !',
    en: 'Your saved order has been sent!',
  },
} satisfies Record<string, Localized>;
