import type { Localized } from '../../../shared/languages';

/**
 * The dealer's public contact details, shown in the contact block and the
 * footer. Replace them with the business's real details before going live.
 */
export const dealer = {
  phone: '+213 36 00 00 00',
  email: 'contact@materiel-agricole.dz',
  address: {
    ar: 'المنطقة الصناعية، سطيف، الجزائر',
    fr: 'Zone industrielle, Sétif, Algérie',
    en: 'Industrial zone, Setif, Algeria',
  } satisfies Localized,
  /** Map pin (latitude, longitude) for the embedded map. */
  location: { lat: 36.1911, lon: 5.4137 },
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/' },
    { name: 'Instagram', url: 'https://www.instagram.com/' },
    { name: 'YouTube', url: 'https://www.youtube.com/' },
  ],
  /** The tractor brand whose official dealership the home page banner announces. */
  officialBrand: 'Sonalika',
};
