import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { describe, expect, it } from 'vitest';
import { createFormRegistry } from '../../lambdas/forms/form-registry';
import { buildRelayRow } from '../../lambdas/submissions/relay-row';
import { fieldSchema } from '../../shared/forms/fields';
import type { FormData, FormSchema } from '../../shared/forms/form-schema';
import { imageFields } from '../../shared/forms/uploads';
import type { FormModule } from '../../web/shared/forms/form-modules';

/**
 * The spreadsheet row of every form, column by column, as the dealer's sheets
 * expect it (spec 000 §3 and spec 001 §3), with each form's sheet, staff list
 * and success screen. This table is the one place that pins them, written
 * independently of the schemas so that a reordered or renamed column in a
 * schema fails this test; everything else below is read from the schemas.
 */

type Cell =
  | string
  | typeof date
  | { join: string[]; separator: string }
  | { first: string[] };

const date = Symbol('submittedAt');
/** The part location: the visitor's own text when they picked "Other". */
const location = { first: ['partLocationOther', 'partLocation'] };
const contact = ['fullName', 'wilaya', 'phone', date] as const;

interface Expected {
  columns: Cell[];
  /** Sheet key (x-relay.sheet); the form id unless given. */
  sheet?: string;
  list?: 'inbox' | 'subscriptions';
  onSuccess?: 'banner' | 'thank-you';
}

const forms: Record<string, Expected> = {
  'tractor-order': {
    sheet: 'tractor-orders',
    columns: ['fullName', 'phone', 'wilaya', date, { join: ['tractorModel', 'additionalEquipment'], separator: ' - ' }],
  },
  'equipment-soil-preparation': { columns: ['itemName', ...contact] },
  'equipment-spraying': { columns: ['itemName', ...contact] },
  'equipment-planting': { columns: ['itemName', ...contact] },
  'equipment-harvesting': { columns: ['partName', ...contact] },
  'equipment-other-tools': { columns: ['machineName', ...contact] },
  'equipment-free-form': { columns: ['machineName', 'images', ...contact] },
  'part-wheeled-tractor': {
    onSuccess: 'thank-you',
    columns: ['partName', 'tractorName', 'tractorYear', location, 'images', ...contact],
  },
  'part-other-tractor': {
    onSuccess: 'thank-you',
    columns: ['partName', 'tractorName', 'tractorYear', location, 'image', ...contact],
  },
  'part-non-wheeled-tractor': {
    onSuccess: 'thank-you',
    columns: ['tractorBrand', 'partName', 'tractorYear', location, 'images', ...contact],
  },
  'part-truck': {
    onSuccess: 'thank-you',
    columns: ['truckBrand', 'truckModel', 'partName', location, 'image', ...contact],
  },
  'part-other-truck': {
    onSuccess: 'thank-you',
    columns: ['truckName', 'truckYear', 'partName', location, 'image', ...contact],
  },
  'part-working-machine': {
    onSuccess: 'thank-you',
    columns: ['machineName', 'partName', location, 'image', ...contact],
  },
  'part-other-engine': {
    onSuccess: 'thank-you',
    columns: ['engineName', 'originCountry', 'cylinderCount', 'pistonSize', 'pistonAxisSize', 'partName', 'image', ...contact],
  },
  'part-engine': {
    onSuccess: 'thank-you',
    columns: ['partName', location, 'engineYear', 'image', ...contact, 'engineModel'],
  },
  'part-order': { columns: ['partName', 'image', ...contact, 'itemName'] },
  // The part the farmer needs of the machine clicked (partName) closes the row (decision 24).
  'farm-parts-tillage': { columns: ['partName', 'partImage', ...contact, 'whichPart'] },
  'farm-parts-seeding': { columns: ['partName', 'partImage', ...contact, 'whichPart'] },
  'farm-parts-spraying': { columns: ['partName', 'partImage', ...contact, 'whichPart'] },
  'farm-parts-harvesting': { columns: ['partName', 'partImage', 'brandName', 'originCountry', ...contact, 'whichPart'] },
  'farm-parts-other': { columns: ['machineName', 'partName', 'partImage', ...contact, 'brandName', 'originCountry'] },
  'contact-message': { columns: ['name', 'email', 'phone', 'message', date] },
  'newsletter-subscription': { list: 'subscriptions', columns: ['email', date] },
};

const submittedAt = '2026-11-22T08:30:00.000Z';
const registry = createFormRegistry('form-schemas');

async function schemaOf(formId: string): Promise<FormSchema> {
  const form = await registry.get(formId);
  if (!form) throw new Error(`form-schemas/${formId}.json is missing`);
  return form.schema;
}

// The rest is read from the schemas, not written again here.
const schemas = await Promise.all(Object.keys(forms).map(async (formId) => [formId, await schemaOf(formId)] as const));
const formsWithPartLocation = Object.keys(forms).filter((id) => forms[id]!.columns.includes(location));
/** The year fields: 1900 to the current year. */
const yearFields = schemas.flatMap(([formId, schema]) =>
  Object.keys(schema.properties)
    .filter((name) => fieldSchema(schema, name)?.['x-maxCurrentYear'])
    .map((field): [formId: string, field: string] => [formId, field]),
);
const formsWithOptionalImage = schemas.flatMap(([formId, schema]) =>
  imageFields(schema)
    .filter((field) => !(schema.required ?? []).includes(field.name))
    .map((field): [formId: string, field: string] => [formId, field.name]),
);

/** The cell text of a value, written out here rather than taken from the row builder. */
function text(value: unknown): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

function expectedRow(columns: Cell[], data: FormData): string[] {
  return columns.map((cell) => {
    if (cell === date) return submittedAt;
    if (typeof cell === 'string') return text(data[cell]);
    if ('first' in cell) return cell.first.map((field) => text(data[field])).find((t) => t !== '') ?? '';
    return cell.join
      .map((field) => text(data[field]))
      .filter((t) => t !== '')
      .join(cell.separator);
  });
}

const rowOf = (schema: FormSchema, data: FormData) => buildRelayRow(schema, data, { submittedAt });

async function browserErrors(formId: string, data: FormData) {
  const module = (await import(`../../web/shared/forms/generated/${formId}.js`)) as FormModule;
  const validator = createPrecompiledValidator<FormData, RJSFSchema>(module.validators, module.schema);
  return validator.validateFormData(data, module.schema).errors;
}

describe.each(Object.entries(forms))('form %s', (formId, expected) => {
  it('sends its first example as the expected row', async () => {
    const schema = await schemaOf(formId);
    const example = schema.examples[0]!;
    const row = expectedRow(expected.columns, example);

    // Every column is filled and no two cells are alike, so a swap of columns shows.
    const cells = row.filter((cell) => cell !== submittedAt);
    expect(cells.filter((cell) => cell === '')).toEqual([]);
    expect(new Set(cells).size).toBe(cells.length);

    expect(rowOf(schema, example)).toEqual(row);
  });

  it('goes to its sheet and staff list and ends on its success screen', async () => {
    const schema = await schemaOf(formId);
    expect(schema['x-relay'].sheet).toBe(expected.sheet ?? formId);
    expect(schema['x-store']).toEqual({ list: expected.list ?? 'inbox' });
    expect(schema['x-onSuccess']).toBe(expected.onSuccess ?? 'banner');
  });
});

describe.each(formsWithPartLocation)('part location of %s', (formId) => {
  it('puts the free text typed for "Other" in the location cell', async () => {
    const schema = await schemaOf(formId);
    const data = { ...schema.examples[0]!, partLocation: 'Other', partLocationOther: 'Sous la cabine' };
    expect((await registry.get(formId))!.validate(data, 'fr')).toEqual([]);
    expect(await browserErrors(formId, data)).toEqual([]);
    const column = forms[formId]!.columns.indexOf(location);
    expect(rowOf(schema, data)[column]).toBe('Sous la cabine');
    expect(rowOf(schema, { ...data, partLocation: 'Engine', partLocationOther: undefined })[column]).toBe('Engine');
  });

  it('asks for the free text when "Other" is picked, and only then', async () => {
    const form = (await registry.get(formId))!;
    const example = form.schema.examples[0]!;
    expect(form.validate({ ...example, partLocation: 'Other' }, 'fr')).toEqual([
      expect.objectContaining({ field: 'partLocationOther', keyword: 'required', message: expect.stringContaining("Précisez l'emplacement") }),
    ]);
    expect(form.validate({ ...example, partLocation: 'Engine', partLocationOther: 'Sous la cabine' }, 'fr')).not.toEqual([]);
  });
});

describe.each(formsWithOptionalImage)('optional photo of %s', (formId, field) => {
  it('leaves the photo cell empty when no photo is sent', async () => {
    const schema = await schemaOf(formId);
    const { [field]: _photo, ...withoutPhoto } = schema.examples[0]!;
    expect((await registry.get(formId))!.validate(withoutPhoto, 'en')).toEqual([]);
    expect(await browserErrors(formId, withoutPhoto)).toEqual([]);
    const column = forms[formId]!.columns.indexOf(field);
    expect(rowOf(schema, schema.examples[0]!)[column]).toBe(text(schema.examples[0]![field]));
    expect(rowOf(schema, withoutPhoto)[column]).toBe('');
  });
});

describe.each(yearFields)('year of %s (%s)', (formId, field) => {
  const currentYear = new Date().getFullYear();

  it('accepts 1900 to the current year on the server', async () => {
    const form = (await registry.get(formId))!;
    const withYear = (year: number) => ({ ...form.schema.examples[0]!, [field]: year });
    expect(form.validate(withYear(currentYear), 'en')).toEqual([]);
    expect(form.validate(withYear(1900), 'en')).toEqual([]);
    expect(form.validate(withYear(1899), 'en')).toEqual([expect.objectContaining({ field, keyword: 'minimum' })]);
    expect(form.validate(withYear(currentYear + 1), 'en')).toEqual([
      expect.objectContaining({ field, keyword: 'x-maxCurrentYear', message: expect.stringContaining(String(currentYear)) }),
    ]);
  });

  it('accepts 1900 to the current year in the browser', async () => {
    const example = (await schemaOf(formId)).examples[0]!;
    const errors = async (year: number) => (await browserErrors(formId, { ...example, [field]: year })).map((e) => e.name);
    expect(await errors(currentYear)).toEqual([]);
    expect(await errors(1900)).toEqual([]);
    expect(await errors(1899)).toEqual(['minimum']);
    expect(await errors(currentYear + 1)).toEqual(['x-maxCurrentYear']);
  });
});

/** The part locations each kind of machine offers: a truck, an engine or a working machine has no tractor front or back. */
const locationsOfKind = {
  tractor: ['Engine', 'Gearbox', 'Front of tractor', 'Back of tractor', 'Accessory', 'Other'],
  machine: ['Engine', 'Gearbox', 'Hydraulics', 'Accessory', 'Other'],
  engine: ['Engine', 'Pump', 'Accessory', 'Other'],
};
const locationKinds: [formId: string, kind: keyof typeof locationsOfKind][] = [
  ['part-wheeled-tractor', 'tractor'],
  ['part-other-tractor', 'tractor'],
  ['part-non-wheeled-tractor', 'tractor'],
  ['part-truck', 'machine'],
  ['part-other-truck', 'machine'],
  ['part-working-machine', 'machine'],
  ['part-engine', 'engine'],
];

describe('what each part form asks', () => {
  it('covers every form with a part location', () => {
    expect(locationKinds.map(([formId]) => formId).sort()).toEqual([...formsWithPartLocation].sort());
  });

  it.each(locationKinds)('%s offers the part locations of a %s', async (formId, kind) => {
    const field = fieldSchema(await schemaOf(formId), 'partLocation')!;
    expect(field.enum).toEqual(locationsOfKind[kind]);
    for (const value of locationsOfKind[kind]) expect(Object.keys(field['x-enumLabels']![value]!)).toEqual(['ar', 'fr', 'en']);
  });

  it.each(['farm-parts-tillage', 'farm-parts-seeding', 'farm-parts-spraying', 'farm-parts-harvesting'])(
    '%s names the card as the machine, and the part needed is optional, its cell empty when not given',
    async (formId) => {
      const form = (await registry.get(formId))!;
      expect(fieldSchema(form.schema, 'partName')?.['x-label']).toEqual({ ar: 'المعدة', fr: 'Matériel', en: 'Machine' });
      const { whichPart: _part, ...withoutPart } = form.schema.examples[0]!;
      expect(form.validate(withoutPart, 'fr')).toEqual([]);
      expect(await browserErrors(formId, withoutPart)).toEqual([]);
      expect(rowOf(form.schema, withoutPart).at(-1)).toBe('');
    },
  );

  it('"Other tractor" (part-order) asks which tractor, in the browser and the API', async () => {
    const form = (await registry.get('part-order'))!;
    const { itemName: _tractor, ...withoutTractor } = form.schema.examples[0]!;
    expect(form.validate(withoutTractor, 'fr')).toEqual([expect.objectContaining({ field: 'itemName', keyword: 'required' })]);
    expect((await browserErrors('part-order', withoutTractor)).map((error) => error.name)).toEqual(['required']);
    expect(fieldSchema(form.schema, 'itemName')?.['x-label']?.en).toBe('Tractor (make and model)');
  });
});
