import type { Localized } from '../languages';

/**
 * The dealer's details: the contact block, the footer, the home page's
 * banner and figures, and the page's structured data show them. Staff keep
 * them current on /admin/dealer; these are what a fresh install starts with.
 */
export interface Dealer {
  address: Localized;
  /** As dialled from Algeria or abroad ("+213 36 00 00 00"); the first is the main one. */
  phones: string[];
  email: string;
  /** Free text per language ("Saturday to Thursday, 8:00–17:00"). */
  openingHours: Localized;
  /** Links to the dealer's pages on social networks, in the footer. */
  social: SocialLink[];
  /** The map's pin. */
  location: { lat: number; lon: number };
  /** The home page's promotional banner (spec 000: the official tractor dealership), off when `show` is false. */
  promo: { show: boolean; text: Localized; linkLabel: Localized };
  /** The home page's figures ("25+ years of experience"). */
  figures: Figure[];
}

export interface SocialLink {
  /** The network's name as shown ("Facebook"). */
  name: string;
  /** An https address. */
  url: string;
}

export interface Figure {
  /** Written as shown, the same in every language ("25+", "99%"). */
  value: string;
  label: Localized;
}

export const defaultDealer: Dealer = {
  address: {
    ar: 'المنطقة الصناعية، سطيف، الجزائر',
    fr: 'Zone industrielle, Sétif, Algérie',
    en: 'Industrial zone, Setif, Algeria',
  },
  phones: ['+213 36 00 00 00'],
  email: 'contact@materiel-agricole.dz',
  openingHours: {
    ar: 'من السبت إلى الخميس، 8:00–17:00',
    fr: 'Du samedi au jeudi, 8 h – 17 h',
    en: 'Saturday to Thursday, 8:00–17:00',
  },
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/' },
    { name: 'Instagram', url: 'https://www.instagram.com/' },
    { name: 'YouTube', url: 'https://www.youtube.com/' },
  ],
  location: { lat: 36.1911, lon: 5.4137 },
  promo: {
    show: true,
    text: {
      ar: 'الوكيل الرسمي لجرارات سوناليكا في الجزائر',
      fr: 'Concessionnaire officiel des tracteurs Sonalika en Algérie',
      en: 'Official Sonalika tractor dealership in Algeria',
    },
    linkLabel: { ar: 'اكتشف الجرارات', fr: 'Découvrir les tracteurs', en: 'See the tractors' },
  },
  figures: [
    { value: '25+', label: { ar: 'سنة خبرة', fr: "ans d'expérience", en: 'years of experience' } },
    { value: '500+', label: { ar: 'منتج', fr: 'produits', en: 'products' } },
    { value: '50+', label: { ar: 'شريك', fr: 'partenaires', en: 'partners' } },
    { value: '99%', label: { ar: 'رضا الزبائن', fr: 'de satisfaction', en: 'satisfaction' } },
  ],
};
