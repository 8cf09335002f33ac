import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleFormSchema } from './bundle-schema';
import type { Localized } from '../languages';
import { definitionsFile, formIdPattern, type DefinitionsDocument, type FormSchema } from './form-schema';

/**
 * Reads form schemas from a form-schemas/ folder (Node only: the API, the
 * local stack and the build scripts). Each form is one `<formId>.json` file;
 * `definitions.json` holds the shared definitions.
 */
export async function listFormIds(dir: string): Promise<string[]> {
  const files = await readdir(dir);
  return files
    .filter((file) => file.endsWith('.json') && file !== definitionsFile)
    .map((file) => file.slice(0, -'.json'.length))
    .filter((id) => formIdPattern.test(id))
    .sort();
}

/** Whether a form of that id exists; the folder is listed once, on first use (for the life of a Lambda container). */
export function formExists(dir: string): (formId: string) => Promise<boolean> {
  let formIds: Promise<Set<string>> | undefined;
  return async (formId) => {
    formIds ??= listFormIds(dir).then((ids) => new Set(ids));
    return (await formIds).has(formId);
  };
}

/** The raw schema as written in its file, or undefined when no such form exists. */
export async function readFormSchema(dir: string, formId: string): Promise<FormSchema | undefined> {
  if (!formIdPattern.test(formId)) return undefined;
  try {
    return JSON.parse(await readFile(path.join(dir, `${formId}.json`), 'utf8')) as FormSchema;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`form-schemas/${formId}.json: ${(error as Error).message}`);
  }
}

/** A sheet the forms send their rows to (`x-relay.sheet`), with those forms: id and title. */
export interface FormSheet {
  sheet: string;
  forms: { id: string; title: Localized }[];
}

/** Every sheet of the forms in `dir`, by sheet key. */
export async function readFormSheets(dir: string): Promise<FormSheet[]> {
  const sheets = new Map<string, FormSheet>();
  for (const id of await listFormIds(dir)) {
    const schema = await readFormSchema(dir, id);
    if (!schema) continue;
    const sheet = schema['x-relay']?.sheet;
    if (!sheet) throw new Error(`form-schemas/${id}.json has no x-relay.sheet`);
    const entry = sheets.get(sheet) ?? { sheet, forms: [] };
    entry.forms.push({ id, title: schema['x-title'] });
    sheets.set(sheet, entry);
  }
  return [...sheets.values()].sort((a, b) => a.sheet.localeCompare(b.sheet));
}

export async function readDefinitions(dir: string): Promise<DefinitionsDocument[]> {
  return [JSON.parse(await readFile(path.join(dir, definitionsFile), 'utf8')) as DefinitionsDocument];
}

/** The schema with shared definitions bundled in: what the form renders and both sides validate. */
export async function loadBundledFormSchema(dir: string, formId: string): Promise<FormSchema | undefined> {
  const schema = await readFormSchema(dir, formId);
  return schema && bundleFormSchema(schema, await readDefinitions(dir));
}
