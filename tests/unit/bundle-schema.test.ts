import { describe, expect, it } from 'vitest';
import { bundleFormSchema } from '../../shared/forms/bundle-schema';
import type { DefinitionsDocument, FormSchema } from '../../shared/forms/form-schema';

const definitions: DefinitionsDocument = {
  $id: 'definitions.json',
  $defs: {
    name: { type: 'string', minLength: 1 },
    contact: { type: 'string', $ref: 'definitions.json#/$defs/name' },
    unused: { type: 'number' },
  },
};

function form(properties: FormSchema['properties'], $defs?: FormSchema['$defs']): FormSchema {
  return {
    $id: 'sample',
    type: 'object',
    properties,
    ...($defs && { $defs }),
    'x-title': { ar: 'a', fr: 'f', en: 'e' },
    'x-relay': { sheet: 's', columns: [] },
    'x-store': { list: 'inbox' },
    examples: [],
  };
}

describe('bundleFormSchema', () => {
  it('copies referenced definitions (and theirs) into $defs and makes references local', () => {
    const bundled = bundleFormSchema(form({ who: { $ref: 'definitions.json#/$defs/contact' } }), [definitions]);
    expect(bundled.properties.who).toEqual({ $ref: '#/$defs/contact' });
    expect(bundled.$defs).toEqual({
      contact: { type: 'string', $ref: '#/$defs/name' },
      name: { type: 'string', minLength: 1 },
    });
  });

  it('keeps the form’s own definitions and leaves the input untouched', () => {
    const input = form({ a: { $ref: '#/$defs/own' } }, { own: { type: 'boolean' } });
    const copy = structuredClone(input);
    expect(bundleFormSchema(input, [definitions]).$defs).toEqual({ own: { type: 'boolean' } });
    expect(input).toEqual(copy);
  });

  it('names the form and the path of a reference that does not resolve', () => {
    expect(() => bundleFormSchema(form({ a: { $ref: 'definitions.json#/$defs/missing' } }), [definitions])).toThrow(
      'sample: $ref "definitions.json#/$defs/missing" at /properties/a does not resolve',
    );
  });

  it('refuses a local definition that shadows a shared one', () => {
    const clash = form({ a: { $ref: 'definitions.json#/$defs/name' } }, { name: { type: 'number' } });
    expect(() => bundleFormSchema(clash, [definitions])).toThrow('$defs/name is defined by both');
  });
});
