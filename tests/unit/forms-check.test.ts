import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { checkForms, readSchemaFiles, type Problem, type SchemaFile } from '../../scripts/lib/check-forms';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

/** npm run forms:check: the rules a schema file must follow, with messages that point at the faulty value. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests break schemas in every possible way
type Editable = Record<string, any>;

const realFiles = await readSchemaFiles('form-schemas');
const tractorOrder = JSON.parse(realFiles.find((f) => f.file === 'tractor-order.json')!.text) as Editable;

/** The real folder with one file replaced (or added), as text. */
function folderWith(file: string, content: unknown): SchemaFile[] {
  const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
  return [...realFiles.filter((f) => f.file !== file), { file, text }];
}

/** tractor-order.json, changed by `edit`, checked with the real folder. */
function checkTractorOrder(edit: (schema: Editable) => void): Problem[] {
  const schema = structuredClone(tractorOrder);
  edit(schema);
  return checkForms(folderWith('tractor-order.json', schema));
}

const problem = (path: string, message: string | RegExp, file = 'tractor-order.json') => ({
  file,
  path,
  message: typeof message === 'string' ? expect.stringContaining(message) : expect.stringMatching(message),
});

describe('forms:check', () => {
  it('finds no problem in form-schemas/', () => {
    expect(realFiles.length).toBeGreaterThan(20);
    expect(checkForms(realFiles)).toEqual([]);
  });

  it('rejects an unknown x- keyword, naming it and where it is', () => {
    expect(checkTractorOrder((s) => (s.properties.fullName['x-lable'] = { ar: 'x', fr: 'x', en: 'x' }))).toEqual([
      problem('#/properties/fullName/x-lable', 'unknown keyword "x-lable"'),
    ]);
  });

  it('rejects a keyword of the wrong level and a misspelt JSON Schema keyword', () => {
    expect(
      checkTractorOrder((s) => {
        s['x-label'] = s['x-title'];
        s.properties.tractorModel.maxLenght = 120;
      }),
    ).toEqual([
      problem('#/x-label', '"x-label" belongs on a field, not on the form'),
      problem('#/properties/tractorModel/maxLenght', 'unknown keyword "maxLenght"'),
    ]);
  });

  it('rejects a relay column that reads a field the form does not declare', () => {
    expect(checkTractorOrder((s) => (s['x-relay'].columns[0] = 'fullname'))).toEqual([
      problem('#/x-relay/columns/0', 'column reads "fullname", which is not a property of the form'),
    ]);
    expect(checkTractorOrder((s) => (s['x-relay'].columns[4].join[1] = 'equipment'))).toEqual([
      problem('#/x-relay/columns/4/join/1', 'column reads "equipment"'),
    ]);
    expect(checkTractorOrder((s) => (s['x-relay'].columns[3] = { value: 'createdAt' }))).toEqual([
      problem('#/x-relay/columns/3/value', 'the only server value is "submittedAt"'),
    ]);
  });

  it('rejects an example the schema does not accept', () => {
    expect(checkTractorOrder((s) => (s.examples[0].wilaya = 'Paris'))).toEqual([
      problem('#/examples/0/wilaya', 'the example is invalid: "Paris" is not one of the 58 enum values'),
    ]);
    expect(checkTractorOrder((s) => delete s.examples[0].phone)).toEqual([
      problem('#/examples/0', "the example is invalid: must have required property 'phone'"),
    ]);
    expect(checkTractorOrder((s) => (s.examples = []))).toEqual([problem('#/examples', 'must list at least one valid submission')]);
  });

  it('rejects a text missing a language', () => {
    expect(checkTractorOrder((s) => delete s.properties.additionalEquipment['x-label'].fr)).toEqual([
      problem('#/properties/additionalEquipment/x-label', 'x-label has no "fr" text'),
    ]);
    expect(checkTractorOrder((s) => (s['x-title'] = { ar: 'طلب جرار', fr: 'Commander', en: ' ', de: 'Bestellen' }))).toEqual([
      problem('#/x-title', 'x-title has no "en" text'),
      problem('#/x-title/de', '"de" is not a language of the site'),
    ]);
    expect(checkTractorOrder((s) => delete s.properties.tractorModel['x-label'])).toEqual([
      problem('#/properties/tractorModel', 'field "tractorModel" has no x-label'),
    ]);
  });

  it('rejects a required field that reaches neither the row nor a staff list', () => {
    expect(
      checkTractorOrder((s) => {
        delete s['x-store'];
        s['x-relay'].columns = s['x-relay'].columns.filter((c: unknown) => c !== 'phone');
      }),
    ).toEqual([
      problem('#/x-store', 'is missing'),
      problem('#/required/3', 'required field "phone" reaches neither the relay row (x-relay.columns) nor a staff list (x-store)'),
    ]);
  });

  it('checks the form id, the sheet key, the success screen and the store', () => {
    expect(
      checkTractorOrder((s) => {
        s.$id = 'tractor-orders';
        s['x-relay'].sheet = 'Tractor Orders';
        s['x-onSuccess'] = 'popup';
        s['x-store'] = { list: 'tractors' } as never;
      }),
    ).toEqual([
      problem('#/$id', 'must be "tractor-order", the file name without ".json"'),
      problem('#/x-relay/sheet', 'must be a sheet key of lower-case words'),
      problem('#/x-store', 'must be {"list": "inbox"} or {"list": "subscriptions"}'),
      problem('#/x-onSuccess', 'must be one of "banner", "thank-you"'),
    ]);
    const renamed = folderWith('Tractor_Order.json', { ...tractorOrder, $id: 'Tractor_Order' });
    expect(checkForms(renamed)).toEqual([problem('#', 'the file name "Tractor_Order.json" is not a form id', 'Tractor_Order.json')]);
  });

  it('rejects a $ref that does not resolve, and option labels that do not match the options', () => {
    expect(checkTractorOrder((s) => (s.properties.phone.$ref = 'definitions.json#/$defs/telephone'))).toEqual([
      problem('#/properties/phone/$ref', '"definitions.json#/$defs/telephone" does not resolve'),
    ]);
    const definitions = JSON.parse(realFiles.find((f) => f.file === 'definitions.json')!.text);
    definitions.$defs.partLocation['x-enumLabels'].Roof = { ar: 'السقف', fr: 'Toit', en: 'Roof' };
    delete definitions.$defs.partLocation['x-enumLabels'].Gearbox;
    expect(checkForms(folderWith('definitions.json', definitions))).toEqual([
      problem('#/$defs/partLocation/x-enumLabels', 'has no label for the enum value "Gearbox"', 'definitions.json'),
      problem('#/$defs/partLocation/x-enumLabels/Roof', '"Roof" is not one of the enum values', 'definitions.json'),
    ]);
  });

  it('checks the values of the field keywords', () => {
    expect(
      checkTractorOrder((s) => {
        s.properties.additionalEquipment['x-widget'] = 'dropdown';
        s.properties.tractorModel['x-context'] = 'yes';
        s.properties.other = { $ref: 'definitions.json#/$defs/partLocationOther' };
      }),
    ).toEqual([
      problem('#/properties/tractorModel/x-context', 'must be true or false'),
      problem('#/properties/additionalEquipment/x-widget', 'must be one of "text", "textarea", "tel", "email", "images"'),
      problem('#/properties/other', 'x-showIf refers to "partLocation", which is not a property of the form'),
    ]);
  });

  it('rejects invalid JSON and invalid JSON Schema', () => {
    expect(checkForms(folderWith('tractor-order.json', '{ "$id": "tractor-order", }'))).toEqual([
      problem('#', /^is not valid JSON: /),
    ]);
    expect(
      checkTractorOrder((s) => {
        s.properties.tractorModel.minLength = '1';
        s.properties.additionalEquipment.type = 'text';
      }),
    ).toEqual([
      problem('#/properties/tractorModel/minLength', 'is not valid JSON Schema: must be integer'),
      problem('#/properties/additionalEquipment/type', 'is not valid JSON Schema: must be equal to one of the allowed values'),
    ]);
    expect(checkTractorOrder((s) => (s.properties.fullName = { $ref: 'definitions.json#/$defs/email', format: 'e-mail' }))).toEqual([
      problem('#/properties/fullName/format', 'unknown format "e-mail": use one of '),
    ]);
  });

  // Two runs of the command line, each starting Node with tsx: seconds on a busy machine.
  it('prints "<file> <pointer>: <message>" and exits 1 on a problem, 0 otherwise', { timeout: 30_000 }, async () => {
    const dir = await makeTempDir('forms-check');
    cleanup.push(dir);
    const schemas = path.join(dir, 'form-schemas');
    await mkdir(schemas);
    const broken = structuredClone(tractorOrder);
    broken['x-relay'].columns[0] = 'fullname';
    for (const { file, text } of folderWith('tractor-order.json', broken)) await writeFile(path.join(schemas, file), text);

    const failure = await run(schemas).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toContain(
      `${path.join(schemas, 'tractor-order.json')} #/x-relay/columns/0: column reads "fullname", which is not a property of the form\n`,
    );

    await writeFile(path.join(schemas, 'tractor-order.json'), JSON.stringify(tractorOrder));
    const success = await run(schemas);
    expect(success.stdout).toMatch(/^forms:check: \d+ form\(s\) in .*, no problems\n$/);
  });
});

const cleanup: string[] = [];
afterAll(() => Promise.all(cleanup.map(removeTempDir)));

function run(dir: string) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/check-forms.ts', dir], { encoding: 'utf8' });
}
