import { sparePartSections } from '../../../../shared/catalogue/spare-part-hub';
import { findById } from '../../../../shared/catalogue/types';
import { cataloguePageText } from '../../../../shared/content/catalogue-page-text';
import { catalogueText } from '../../../../shared/content/catalogue-text';
import type { Localized } from '../../../../shared/languages';
import { useCatalogueList, useTexts } from '../../../shared/content/content';

/** The catalogue screens' texts, with staff's translations. */
export function useCatalogueText() {
  return useTexts('catalogue', catalogueText);
}

/** The catalogue pages' descriptions, back links and card labels, with staff's translations. */
export function useCataloguePageText() {
  return useTexts('cataloguePages', cataloguePageText);
}

/** A spare-part section's name, also its page's title (the default one while staff hide the section). */
export function useSectionName(sectionId: string): Localized {
  const section = findById(useCatalogueList('sparePartSections', sparePartSections), sectionId) ?? findById(sparePartSections, sectionId);
  if (!section) throw new Error(`No spare-part section ${sectionId}`);
  return section.name;
}
