import type { DefinitionsDocument, FieldSchema, FormSchema } from './form-schema';

/**
 * Copies the definitions a form references in other documents
 * ("definitions.json#/$defs/phone") into the form's own `$defs` and rewrites
 * the references to local ones ("#/$defs/phone").
 *
 * RJSF resolves only local references, and the precompiled browser validator
 * must be built from exactly the schema the form renders, so the browser and
 * the API both work on this bundled schema.
 */
export function bundleFormSchema(schema: FormSchema, documents: DefinitionsDocument[]): FormSchema {
  const byId = new Map(documents.map((doc) => [doc.$id, doc]));
  const defs: Record<string, FieldSchema> = {};
  /** Where each copied definition came from, to detect two sources under one name. */
  const origins = new Map<string, string>();

  const rewrite = (node: unknown, path: string): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => rewrite(item, `${path}/${i}`));
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] = key === '$ref' && typeof value === 'string' ? localRef(value, path) : rewrite(value, `${path}/${key}`);
    }
    return out;
  };

  const copyDefinition = (name: string, origin: string, definition: FieldSchema) => {
    const known = origins.get(name);
    if (known === origin) return;
    if (known) throw new Error(`${schema.$id}: $defs/${name} is defined by both ${known} and ${origin}`);
    origins.set(name, origin);
    defs[name] = rewrite(definition, origin) as FieldSchema;
  };

  const localRef = (ref: string, path: string): string => {
    if (ref.startsWith('#')) return ref;
    const match = /^([^#]+)#\/\$defs\/([^/]+)$/.exec(ref);
    if (!match) throw new Error(`${schema.$id}: unsupported $ref "${ref}" at ${path || '/'}`);
    const [, docId = '', name = ''] = match;
    const definition = byId.get(docId)?.$defs[name];
    if (!definition) throw new Error(`${schema.$id}: $ref "${ref}" at ${path || '/'} does not resolve`);
    copyDefinition(name, `${docId}#/$defs/${name}`, definition);
    return `#/$defs/${name}`;
  };

  for (const [name, definition] of Object.entries(schema.$defs ?? {})) {
    copyDefinition(name, `#/$defs/${name}`, definition);
  }
  const { $defs: _ownDefs, ...rest } = schema;
  const bundled = rewrite(rest, '') as FormSchema;
  return Object.keys(defs).length > 0 ? { ...bundled, $defs: defs } : bundled;
}
