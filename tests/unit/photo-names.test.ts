import { describe, expect, test } from 'vitest';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { resolveCatalogue } from '../../shared/content/resolve';
import { entryNamedBy, photoEntries, withPhotosChosen } from '../../shared/content/photo-names';
import type { ContentOverrides } from '../../shared/content/model';

/** A photo dropped in the library lands on the catalogue entry its file name names, however staff wrote the name. */
describe('photos named after catalogue entries', () => {
  const entries = photoEntries(defaultCatalogue);
  const named = (fileName: string) => entryNamedBy(fileName, entries)?.entry;

  test('Latin names, with dashes, underscores or spaces, in any case and with or without accents', () => {
    expect(named('sonalika-di75-4x2.jpg')).toBe('wheeledTractorBrands/sonalika/models#di75-4x2');
    expect(named('Sonalika DI75 4x2.JPG')).toBe('wheeledTractorBrands/sonalika/models#di75-4x2');
    expect(named('SONALIKA_di75_4X2.jpeg')).toBe('wheeledTractorBrands/sonalika/models#di75-4x2');
    expect(named('DI75 4x2.png')).toBe('tractors#di75-4x2');
    expect(named('Pulvérisateur porté 600L.webp')).toBe('equipmentCategories/moussem-el-rach/items#pulverisateur-porte-600l');
    expect(named('pulverisateur_porte_600l.jpg')).toBe('equipmentCategories/moussem-el-rach/items#pulverisateur-porte-600l');
    expect(named('charrue-3-socs.jpg')).toBe('equipmentCategories/moussem-el-harth/items#charrue-3-socs');
  });

  test('Arabic names, with or without hamza forms and diacritics, and Arabic-Indic digits', () => {
    expect(named('محراث بثلاث سكك.jpg')).toBe('equipmentCategories/moussem-el-harth/items#charrue-3-socs');
    expect(named('رشاش محمول ٦٠٠ لتر.jpg')).toBe('equipmentCategories/moussem-el-rach/items#pulverisateur-porte-600l');
    expect(named('سوناليكا.jpg')).toBe('wheeledTractorBrands#sonalika');
  });

  test('no entry: an unrelated name, a part of a name, or a name several entries bear', () => {
    expect(named('IMG_2041.jpg')).toBeUndefined();
    expect(named('sonalika di75.jpg')).toBeUndefined();
    expect(named('.jpg')).toBeUndefined();
    // The mower is an item of the harvest equipment and a family of the harvest spare parts.
    expect(entries.filter((entry) => entry.shortNames.has('faucheuse')).length).toBeGreaterThan(1);
    expect(named('Faucheuse.jpg')).toBeUndefined();
  });

  test('entries staff added are named too, and the photo is chosen in the draft for that entry only', () => {
    const draft: ContentOverrides = {
      catalogue: { truckBrands: { added: [{ id: 'renault', name: { ar: 'رونو', fr: 'Renault', en: 'Renault' }, models: [] }] } },
    };
    const added = photoEntries(resolveCatalogue(defaultCatalogue, draft.catalogue));
    expect(entryNamedBy('renault.jpg', added)?.entry).toBe('truckBrands#renault');

    const mediaId = '0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f';
    const chosen = withPhotosChosen(draft, [
      { entry: 'truckBrands#renault', mediaId },
      { entry: 'tractors#di75-4x2', mediaId },
    ]);
    expect(chosen.catalogue?.truckBrands?.added?.[0]).toMatchObject({ id: 'renault', photo: { mediaId } });
    expect(chosen.catalogue?.tractors?.changed).toEqual({ 'di75-4x2': { photo: { mediaId } } });
    const after = photoEntries(resolveCatalogue(defaultCatalogue, chosen.catalogue));
    expect(after.find((entry) => entry.entry === 'tractors#di75-4x2')?.photo).toEqual({ mediaId });
    expect(draft.catalogue?.tractors).toBeUndefined();
  });
});
