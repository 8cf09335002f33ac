import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { formValidatorOptions } from '../../shared/forms/ajv-setup';
import { bundleFormSchema } from '../../shared/forms/bundle-schema';
import {
  definitionsFile,
  formIdPattern,
  relayFields,
  vocabularyKeywords,
  type DefinitionsDocument,
  type FieldSchema,
  type FieldWidget,
  type FormSchema,
  type StoreSpec,
} from '../../shared/forms/form-schema';
import { languages } from '../../shared/languages';
import { submissionLists } from '../../shared/submission-lists';
import { redundantKeywords } from '../../shared/forms/validation-messages';

/**
 * The rules behind `npm run forms:check`: what a form schema must satisfy
 * before the build, the browser and the API can rely on it. Pure: it takes the
 * files' text and returns the problems, each naming the file and the JSON
 * pointer of the faulty value.
 */

export interface SchemaFile {
  /** File name inside the schemas folder, e.g. "tractor-order.json". */
  file: string;
  text: string;
}

export interface Problem {
  file: string;
  /** JSON pointer as a URI fragment: "#" for the whole file, "#/x-relay/columns/2" for a value in it. */
  path: string;
  message: string;
}

/** Values `x-widget` accepts (the `FieldWidget` type). */
const widgets = ['text', 'textarea', 'tel', 'email', 'images'] as const satisfies readonly FieldWidget[];
const storeLists = submissionLists satisfies readonly StoreSpec['list'][];
const onSuccessValues = ['banner', 'thank-you'] as const satisfies readonly NonNullable<FormSchema['x-onSuccess']>[];
/** Sheet keys name a relay URL (SHEET_RELAY_URLS) and, locally, a CSV file. */
const sheetKeyPattern = formIdPattern;

// The keyword lists above must match the vocabulary's types exactly: tsc fails here otherwise.
type DeclaredKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };
type XKeywords<T> = Extract<DeclaredKeys<T>, `x-${string}`>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const vocabularyMatchesTypes: [
  Same<XKeywords<FormSchema>, (typeof vocabularyKeywords.form)[number]>,
  Same<XKeywords<FieldSchema>, (typeof vocabularyKeywords.field)[number]>,
  Same<FieldWidget, (typeof widgets)[number]>,
  Same<StoreSpec['list'], (typeof storeLists)[number]>,
  Same<NonNullable<FormSchema['x-onSuccess']>, (typeof onSuccessValues)[number]>,
] = [true, true, true, true, true];
void vocabularyMatchesTypes;

const formKeywords = new Set<string>(vocabularyKeywords.form);
const fieldKeywords = new Set<string>(vocabularyKeywords.field);
const localizedKeywords = ['x-label', 'x-placeholder', 'x-help'] as const;
const draft07 = 'http://json-schema.org/draft-07/schema';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const quote = (value: unknown) => JSON.stringify(value);
const list = (values: readonly unknown[]) => values.map(quote).join(', ');
/** Appends one reference token to a JSON pointer. */
const at = (pointer: string, token: string | number) =>
  `${pointer}/${String(token).replaceAll('~', '~0').replaceAll('/', '~1')}`;

/** Checks a folder's worth of schema files (the forms and definitions.json). */
export function checkForms(files: SchemaFile[]): Problem[] {
  const problems: Problem[] = [];
  const parsed = new Map<string, unknown>();
  for (const { file, text } of files) {
    try {
      parsed.set(file, JSON.parse(text));
    } catch (error) {
      problems.push({ file, path: '#', message: `is not valid JSON: ${(error as Error).message}` });
    }
  }

  const ajv = createValidator();
  const before = problems.length;
  const definitions = parsed.has(definitionsFile)
    ? checkDefinitions(parsed.get(definitionsFile), ajv, problems)
    : undefined;
  /** Faulty shared definitions are reported once, not again as a compile error of every form. */
  const definitionsSound = problems.length === before;

  for (const [file, value] of [...parsed].sort(([a], [b]) => a.localeCompare(b))) {
    if (file === definitionsFile) continue;
    const report = (pointer: string, message: string) => problems.push({ file, path: pointer, message });
    checkForm(file, value, { ajv, definitions, definitionsSound, report });
  }
  return problems;
}

/** Reads every `.json` file of a schemas folder. */
export async function readSchemaFiles(dir: string): Promise<SchemaFile[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(names.map(async (file) => ({ file, text: await readFile(path.join(dir, file), 'utf8') })));
}

/** The Ajv instance the API builds (lambdas/forms/form-registry.ts), with the same options and keywords. */
function createValidator(): Ajv {
  const { additionalMetaSchemas, customFormats, ajvOptionsOverrides, ajvFormatOptions, AjvClass, extenderFn } =
    formValidatorOptions;
  return createAjvInstance(additionalMetaSchemas, customFormats, ajvOptionsOverrides, ajvFormatOptions, AjvClass, extenderFn);
}

interface FormContext {
  ajv: Ajv;
  definitions: DefinitionsDocument | undefined;
  definitionsSound: boolean;
  report(pointer: string, message: string): void;
}

function checkDefinitions(value: unknown, ajv: Ajv, problems: Problem[]): DefinitionsDocument | undefined {
  const report = (pointer: string, message: string) => problems.push({ file: definitionsFile, path: pointer, message });
  if (!isObject(value)) {
    report('#', 'must be an object with "$id" and "$defs"');
    return undefined;
  }
  if (value.$id !== definitionsFile) report('#/$id', `must be ${quote(definitionsFile)}, the name forms use in their $ref`);
  for (const key of Object.keys(value)) {
    if (!['$id', '$comment', '$defs'].includes(key)) report(at('#', key), `unknown key ${quote(key)}: this file holds only "$id", "$comment" and "$defs"`);
  }
  if (!isObject(value.$defs)) {
    report('#/$defs', 'must be an object of named field definitions');
    return undefined;
  }
  const document = value as unknown as DefinitionsDocument;
  const resolve = refResolver(undefined, document);
  for (const [name, definition] of Object.entries(value.$defs)) {
    const pointer = at('#/$defs', name);
    checkMetaSchema(ajv, definition, pointer, report);
    checkNodes(definition, pointer, 'field', { resolve, report, formats: ajv.formats });
  }
  return document;
}

function checkForm(file: string, value: unknown, { ajv, definitions, definitionsSound, report }: FormContext) {
  const formId = file.slice(0, -'.json'.length);
  if (!formIdPattern.test(formId)) {
    report('#', `the file name ${quote(file)} is not a form id: use lower-case words joined by hyphens (e.g. "seed-order.json")`);
  }
  if (!isObject(value)) {
    report('#', 'must be a JSON Schema object');
    return;
  }
  if (value.$id !== formId) report('#/$id', `must be ${quote(formId)}, the file name without ".json" (found ${quote(value.$id)})`);
  if (value.type !== 'object') report('#/type', 'must be "object"');
  if (value.additionalProperties !== false) {
    report('#/additionalProperties', 'must be false, so that a submission holds only the declared fields');
  }

  const properties = isObject(value.properties) ? value.properties : undefined;
  if (!properties || Object.keys(properties).length === 0) report('#/properties', 'must declare at least one field');
  const declared = new Set(Object.keys(properties ?? {}));
  const required = value.required ?? [];
  if (!isStringArray(required)) report('#/required', 'must be a list of field names');
  else {
    required.forEach((name, i) => {
      if (!declared.has(name)) report(at('#/required', i), `${quote(name)} is not a property of the form`);
    });
  }

  const resolve = refResolver(value, definitions);
  checkLocalized(value['x-title'], '#/x-title', 'x-title', report);
  if (value['x-submitLabel'] !== undefined) checkLocalized(value['x-submitLabel'], '#/x-submitLabel', 'x-submitLabel', report);
  const relayOk = checkRelay(value['x-relay'], declared, report);
  const stored = checkStore(value['x-store'], report);
  if (value['x-onSuccess'] !== undefined && !(onSuccessValues as readonly unknown[]).includes(value['x-onSuccess'])) {
    report('#/x-onSuccess', `must be one of ${list(onSuccessValues)}`);
  }
  if (relayOk && !stored && isStringArray(required)) {
    const inRow = new Set(relayFields(value as unknown as FormSchema));
    required.forEach((name, i) => {
      if (!inRow.has(name)) {
        report(
          at('#/required', i),
          `required field ${quote(name)} reaches neither the relay row (x-relay.columns) nor a staff list (x-store): the dealer would never see it`,
        );
      }
    });
  }

  // Keywords and texts, everywhere in the schema.
  const blocked = checkNodes(value, '#', 'form', { resolve, report, formats: ajv.formats });
  for (const [name, property] of Object.entries(properties ?? {})) {
    checkField(name, property, declared, resolve, report);
  }

  // Standard JSON Schema: the meta-schema, then a compiled validator and the examples.
  const { $defs: ownDefs, ...root } = value;
  let valid = checkMetaSchema(ajv, root, '#', report);
  if (isObject(ownDefs)) {
    for (const [name, definition] of Object.entries(ownDefs)) {
      valid = checkMetaSchema(ajv, definition, at('#/$defs', name), report) && valid;
    }
  }
  const examples = value.examples;
  if (!Array.isArray(examples) || examples.length === 0) {
    report('#/examples', 'must list at least one valid submission');
  }
  if (blocked || !valid || !definitionsSound) return; // bundling or compiling would stumble on the same mistakes

  let validate: ValidateFunction;
  try {
    const bundled = bundleFormSchema(value as unknown as FormSchema, definitions ? [definitions] : []);
    const { $id: _id, ...withoutId } = bundled; // as the API compiles it
    validate = ajv.compile(withoutId);
  } catch (error) {
    report('#', `does not compile as a JSON Schema: ${(error as Error).message}`);
    return;
  }
  if (!Array.isArray(examples)) return;
  examples.forEach((example, i) => {
    if (validate(example)) return;
    for (const error of (validate.errors ?? []).filter((e) => !redundantKeywords.has(e.keyword))) {
      report(`${at('#/examples', i)}${error.instancePath}`, `the example is invalid: ${describeError(error)}`);
    }
  });
}

/** A property of the form: a label in every language (its own or its definition's) and valid `x-showIf` fields. */
function checkField(name: string, property: unknown, declared: Set<string>, resolve: Resolver, report: FormContext['report']) {
  if (!isObject(property)) return;
  const pointer = at('#/properties', name);
  const target = typeof property.$ref === 'string' ? resolve(property.$ref) : undefined;
  if (typeof property.$ref === 'string' && target === undefined) return; // reported with the $ref
  const field = { ...(isObject(target) ? target : {}), ...property };
  if (field['x-label'] === undefined) {
    report(pointer, `field ${quote(name)} has no x-label: give it {"ar", "fr", "en"} texts here or in its definition`);
  }
  const showIf = field['x-showIf'];
  if (isObject(showIf)) {
    for (const other of Object.keys(showIf)) {
      if (!declared.has(other)) report(pointer, `x-showIf refers to ${quote(other)}, which is not a property of the form`);
    }
  }
}

type Resolver = (ref: string) => unknown;

/** Resolves `#/$defs/<name>` in the form and `definitions.json#/$defs/<name>`; undefined when it does not resolve. */
function refResolver(form: Json | undefined, definitions: DefinitionsDocument | undefined): Resolver {
  return (ref) => {
    const match = /^([^#]*)#\/\$defs\/([^/]+)$/.exec(ref);
    if (!match) return undefined;
    const [, document = '', name = ''] = match;
    const defs = document === '' ? form?.$defs : document === definitionsFile ? definitions?.$defs : undefined;
    return isObject(defs) && Object.hasOwn(defs, name) ? defs[name] : undefined;
  };
}

/** Keywords that hold one subschema, a list of subschemas, or subschemas by name. */
const subschemaKeywords = {
  single: ['additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'if', 'then', 'else', 'not'],
  list: ['allOf', 'anyOf', 'oneOf'],
  named: ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'],
};

interface NodeContext {
  resolve: Resolver;
  report(pointer: string, message: string): void;
  formats: Ajv['formats'];
}

/**
 * Walks a schema and every subschema in it: only known keywords, texts in every
 * language, option labels that match the options. Returns whether a $ref does
 * not resolve or a format is unknown (the schema cannot be compiled as it is).
 */
function checkNodes(node: unknown, pointer: string, place: 'form' | 'field', context: NodeContext): boolean {
  if (!isObject(node)) return false;
  let blocked = false;
  const { report } = context;
  for (const key of Object.keys(node)) {
    if (key.startsWith('x-')) {
      if (place === 'form' ? formKeywords.has(key) : fieldKeywords.has(key)) continue;
      if (place === 'form' && fieldKeywords.has(key)) report(at(pointer, key), `${quote(key)} belongs on a field, not on the form`);
      else if (formKeywords.has(key)) report(at(pointer, key), `${quote(key)} belongs at the root of the form, not on a field`);
      else report(at(pointer, key), `unknown keyword ${quote(key)}: the form vocabulary has ${list([...formKeywords, ...fieldKeywords])}`);
    } else if (!jsonSchemaKeywords.has(key)) {
      report(at(pointer, key), `unknown keyword ${quote(key)}: it is neither JSON Schema (draft-07) nor part of the form vocabulary`);
    }
  }

  if (typeof node.$ref === 'string' && context.resolve(node.$ref) === undefined) {
    blocked = true;
    report(at(pointer, '$ref'), `${quote(node.$ref)} does not resolve: use "definitions.json#/$defs/<name>" or "#/$defs/<name>" with an existing name`);
  }
  if (typeof node.format === 'string' && !Object.hasOwn(context.formats, node.format)) {
    blocked = true;
    report(at(pointer, 'format'), `unknown format ${quote(node.format)}: use one of ${list(Object.keys(context.formats))}`);
  }
  checkFieldKeywords(node, pointer, context);

  const visit = (child: unknown, childPointer: string) => {
    if (checkNodes(child, childPointer, 'field', context)) blocked = true;
  };
  for (const key of subschemaKeywords.single) visit(node[key], at(pointer, key));
  for (const key of subschemaKeywords.list) {
    if (Array.isArray(node[key])) node[key].forEach((child, i) => visit(child, at(at(pointer, key), i)));
  }
  for (const key of subschemaKeywords.named) {
    const children = node[key];
    if (isObject(children)) for (const [name, child] of Object.entries(children)) visit(child, at(at(pointer, key), name));
  }
  if (Array.isArray(node.items)) node.items.forEach((child, i) => visit(child, at(at(pointer, 'items'), i)));
  else visit(node.items, at(pointer, 'items'));
  return blocked;
}

/** The values of the field keywords of one schema node. */
function checkFieldKeywords(node: Json, pointer: string, { resolve, report }: NodeContext) {
  for (const keyword of localizedKeywords) checkLocalized(node[keyword], at(pointer, keyword), keyword, report);

  const widget = node['x-widget'];
  if (widget !== undefined && !(widgets as readonly unknown[]).includes(widget)) {
    report(at(pointer, 'x-widget'), `must be one of ${list(widgets)}`);
  }
  for (const keyword of ['x-context', 'x-maxCurrentYear'] as const) {
    if (node[keyword] !== undefined && typeof node[keyword] !== 'boolean') report(at(pointer, keyword), 'must be true or false');
  }
  if (node['x-autocomplete'] !== undefined && typeof node['x-autocomplete'] !== 'string') {
    report(at(pointer, 'x-autocomplete'), 'must be an autocomplete token such as "name" or "tel"');
  }

  const errorMessages = node['x-errorMessages'];
  if (errorMessages !== undefined) {
    if (!isObject(errorMessages)) report(at(pointer, 'x-errorMessages'), 'must map a keyword (e.g. "minItems") to {"ar", "fr", "en"} texts');
    else {
      for (const [keyword, text] of Object.entries(errorMessages)) {
        checkLocalized(text, at(at(pointer, 'x-errorMessages'), keyword), `x-errorMessages.${keyword}`, report);
      }
    }
  }

  const showIf = node['x-showIf'];
  if (showIf !== undefined && !(isObject(showIf) && Object.values(showIf).every((v) => typeof v === 'string'))) {
    report(at(pointer, 'x-showIf'), 'must map field names to the text value that shows this field, e.g. {"partLocation": "Other"}');
  }

  const upload = node['x-upload'];
  if (upload !== undefined) {
    const uploadPointer = at(pointer, 'x-upload');
    if (!isObject(upload)) report(uploadPointer, 'must be an object with "maxBytes" and/or "accept"');
    else {
      for (const key of Object.keys(upload)) {
        if (key !== 'maxBytes' && key !== 'accept') report(at(uploadPointer, key), `unknown key ${quote(key)}: x-upload has "maxBytes" and "accept"`);
      }
      if (upload.maxBytes !== undefined && !(Number.isInteger(upload.maxBytes) && (upload.maxBytes as number) > 0)) {
        report(at(uploadPointer, 'maxBytes'), 'must be a positive whole number of bytes');
      }
      if (upload.accept !== undefined && !(isStringArray(upload.accept) && upload.accept.every((type) => /^image\/[\w.+-]+$/.test(type)))) {
        report(at(uploadPointer, 'accept'), 'must be a list of image MIME types such as "image/jpeg"');
      }
    }
  }

  const enumLabels = node['x-enumLabels'];
  if (enumLabels !== undefined) {
    const labelsPointer = at(pointer, 'x-enumLabels');
    const target = typeof node.$ref === 'string' ? resolve(node.$ref) : undefined;
    const options = Array.isArray(node.enum) ? node.enum : isObject(target) && Array.isArray(target.enum) ? target.enum : undefined;
    if (!isObject(enumLabels)) report(labelsPointer, 'must map each enum value to {"ar", "fr", "en"} texts');
    else if (!options) report(labelsPointer, 'labels options, but the field has no enum');
    else {
      const values = options.map(String);
      for (const value of values) {
        if (!Object.hasOwn(enumLabels, value)) report(labelsPointer, `has no label for the enum value ${quote(value)}`);
      }
      for (const [value, label] of Object.entries(enumLabels)) {
        if (!values.includes(value)) report(at(labelsPointer, value), `${quote(value)} is not one of the enum values`);
        else checkLocalized(label, at(labelsPointer, value), `x-enumLabels.${value}`, report);
      }
    }
  }
}

/** A text in every language: {"ar": "…", "fr": "…", "en": "…"}. */
function checkLocalized(value: unknown, pointer: string, name: string, report: NodeContext['report']) {
  if (value === undefined) {
    if (name === 'x-title') report(pointer, 'is missing: give the form a title, {"ar": "…", "fr": "…", "en": "…"}');
    return;
  }
  if (!isObject(value)) {
    report(pointer, `${name} must be {"ar": "…", "fr": "…", "en": "…"}`);
    return;
  }
  for (const language of languages) {
    const text = value[language];
    if (typeof text !== 'string' || text.trim() === '') report(pointer, `${name} has no ${quote(language)} text (every text needs ar, fr and en)`);
  }
  for (const key of Object.keys(value)) {
    if (!(languages as readonly string[]).includes(key)) report(at(pointer, key), `${quote(key)} is not a language of the site (ar, fr, en)`);
  }
}

/** `x-relay`: a sheet key and columns that each read declared fields. Returns whether the columns can be read. */
function checkRelay(relay: unknown, declared: Set<string>, report: FormContext['report']): boolean {
  if (!isObject(relay)) {
    report('#/x-relay', 'is missing: declare {"sheet": "<sheet-key>", "columns": [...]}');
    return false;
  }
  for (const key of Object.keys(relay)) {
    if (key !== 'sheet' && key !== 'columns') report(at('#/x-relay', key), `unknown key ${quote(key)}: x-relay has "sheet" and "columns"`);
  }
  if (typeof relay.sheet !== 'string' || !sheetKeyPattern.test(relay.sheet)) {
    report('#/x-relay/sheet', `must be a sheet key of lower-case words joined by hyphens, e.g. "seed-orders" (found ${quote(relay.sheet)})`);
  }
  if (!Array.isArray(relay.columns) || relay.columns.length === 0) {
    report('#/x-relay/columns', 'must list the cells of the row, in order');
    return false;
  }
  let ok = true;
  const field = (name: unknown, pointer: string) => {
    if (typeof name !== 'string') {
      report(pointer, 'must be a field name');
      ok = false;
    } else if (!declared.has(name)) report(pointer, `column reads ${quote(name)}, which is not a property of the form`);
  };
  const fields = (names: unknown, pointer: string) => {
    if (!Array.isArray(names) || names.length === 0) {
      report(pointer, 'must list at least one field name');
      ok = false;
    } else names.forEach((name, i) => field(name, at(pointer, i)));
  };
  relay.columns.forEach((column: unknown, i) => {
    const pointer = at('#/x-relay/columns', i);
    if (typeof column === 'string') return field(column, pointer);
    const keys = isObject(column) ? Object.keys(column).sort().join(',') : '';
    if (isObject(column) && keys === 'value') {
      if (column.value !== 'submittedAt') report(at(pointer, 'value'), 'the only server value is "submittedAt" (the ISO date of the submission)');
    } else if (isObject(column) && keys === 'join,separator') {
      fields(column.join, at(pointer, 'join'));
      if (typeof column.separator !== 'string') report(at(pointer, 'separator'), 'must be a text, e.g. " - "');
    } else if (isObject(column) && keys === 'first') {
      fields(column.first, at(pointer, 'first'));
    } else {
      report(pointer, 'a column is a field name, {"value": "submittedAt"}, {"join": [...], "separator": "…"} or {"first": [...]}');
      ok = false;
    }
  });
  return ok;
}

/** `x-store`: where staff find the submissions. Returns whether it is valid. */
function checkStore(store: unknown, report: FormContext['report']): boolean {
  const choices = storeLists.map((list) => `{"list": "${list}"}`).join(' or ');
  if (store === undefined) {
    report('#/x-store', `is missing: declare where staff find the submissions, ${choices}`);
    return false;
  }
  if (!isObject(store) || !(storeLists as readonly unknown[]).includes(store.list) || Object.keys(store).length !== 1) {
    report('#/x-store', `must be ${choices}`);
    return false;
  }
  return true;
}

/** Validates a schema against the draft-07 meta-schema, one problem per faulty value. Returns whether it is valid. */
function checkMetaSchema(ajv: Ajv, schema: unknown, pointer: string, report: FormContext['report']): boolean {
  if (ajv.validateSchema(schema as object)) return true;
  const seen = new Set<string>();
  for (const error of ajv.errors ?? []) {
    if (error.keyword === 'anyOf' || seen.has(error.instancePath)) continue;
    seen.add(error.instancePath);
    report(`${pointer}${error.instancePath}`, `is not valid JSON Schema: ${describeError(error)}`);
  }
  return false;
}

function describeError(error: ErrorObject): string {
  const message = error.message ?? error.keyword;
  if (error.keyword === 'enum') {
    const allowed = error.params.allowedValues as unknown[];
    return allowed.length <= 8 ? `${message}: ${list(allowed)}` : `${quote(error.data)} is not one of the ${allowed.length} enum values`;
  }
  if (error.keyword === 'additionalProperties') return `${message} ${quote(error.params.additionalProperty)}`;
  return message;
}

/** JSON Schema draft-07's keywords (from Ajv's copy of the meta-schema), plus `$defs` that bundling writes. */
const jsonSchemaKeywords = new Set<string>([
  ...Object.keys((createValidator().getSchema(draft07)?.schema as { properties: Json }).properties),
  '$defs',
]);
