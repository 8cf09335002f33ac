import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { drawingKinds, drawingOf, drawingUrl } from '../../shared/catalogue/drawings';
import { entryChoices } from '../../shared/content/catalogue-choices';
import { productDrawing } from '../../shared/products';

/** Until an entry has a photo, it shows a drawing of its own kind of machine, not one drawing for all. */
describe('drawings by kind', () => {
  test('each kind is a drawing file of the site', () => {
    for (const kind of drawingKinds) expect(existsSync(`web/public${drawingUrl(kind)}`), kind).toBe(true);
  });

  test('entries are drawn as what they are', () => {
    expect(drawingOf('tractors', 'di75-4x2')).toBe('wheeled-tractor');
    expect(drawingOf('nonWheeledTractorBrands', 'fiat')).toBe('crawler-tractor');
    expect(drawingOf('nonWheeledTractorBrands/tg50/models', 'any')).toBe('crawler-tractor');
    expect(drawingOf('equipmentCategories/moussem-el-rach/items', 'atomiseur-400l')).toBe('sprayer');
    expect(drawingOf('equipmentCategories/moussem-el-harth/items', 'chisel-5-dents')).toBe('soil-tool');
    expect(drawingOf('equipmentCategories/moussem-el-zar3/items', 'epandeur-engrais-semoir')).toBe('seeder');
    expect(drawingOf('farmPartCategories/ghiyar-hassad/items', 'moissonneuse-batteuse')).toBe('harvester');
    expect(drawingOf('equipmentCategories/autres/items', 'remorques-4t-5t')).toBe('other-tool');
    expect(drawingOf('truckBrands/isuzu/models', 'nouveau')).toBe('truck');
    expect(drawingOf('engineCategories', 'deutz')).toBe('engine');
    expect(drawingOf('sparePartSections', 'ghiyar-3itad-zira3i')).toBe('part');
    expect(drawingOf('sparePartSections', 'tracteurs-sans-roues')).toBe('crawler-tractor');
  });

  test('an entry staff add takes the drawing of the list it is added to', () => {
    expect(drawingOf('equipmentCategories/moussem-el-rach/items', 'pulverisateur-neuf')).toBe('sprayer');
    expect(drawingOf('truckBrands', 'renault')).toBe('truck');
  });

  test('the catalogue shows every kind but none alone', () => {
    const entries = entryChoices(defaultCatalogue).map((choice) => {
      const [list = '', id = ''] = choice.value.split('#');
      return drawingOf(list, id);
    });
    expect(new Set(entries)).toEqual(new Set(['wheeled-tractor', 'soil-tool', 'seeder', 'sprayer', 'harvester', 'other-tool']));
  });

  test('a product takes its catalogue entry\'s drawing, else its category\'s', () => {
    expect(productDrawing({ category: 'equipment', catalogueEntry: 'equipmentCategories/moussem-el-rach/items#atomiseur-400l' })).toBe('sprayer');
    expect(productDrawing({ category: 'tractors' })).toBe('wheeled-tractor');
    expect(productDrawing({ category: 'spare-parts', subcategory: 'ghiyar-zar3' })).toBe('seeder');
  });
});
