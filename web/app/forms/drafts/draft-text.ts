import type { Localized } from '../../../../shared/languages';

export const draftText = {
  offer: {
    ar: 'لديك طلب لم يُرسل بعد في هذا النموذج. هل تريد المتابعة؟',
    fr: 'Vous avez une commande non envoyée dans ce formulaire. Voulez-vous la reprendre ?',
    en: 'You have an order not sent yet in this form. Do you want to continue it?',
  },
  resume: { ar: 'متابعة', fr: 'Reprendre', en: 'Continue' },
  startOver: { ar: 'البدء من جديد', fr: 'Recommencer', en: 'Start over' },
} satisfies Record<string, Localized>;
