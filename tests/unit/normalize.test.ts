import { beforeAll, describe, expect, it } from 'vitest';
import type { FormSchema } from '../../shared/forms/form-schema';
import { createFormRegistry } from '../../lambdas/forms/form-registry';
import { normalizeFormData } from '../../shared/forms/normalize';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';

/**
 * What the browser sends and the API accepts, cleaned by the same code
 * (docs/decisions/0011-honest-input-and-no-spam.md).
 */

const registry = createFormRegistry('form-schemas');
let tractorOrder: FormSchema;
let partOrder: FormSchema;
beforeAll(async () => {
  // fullName (text), phone (tel), additionalEquipment (textarea), wilaya (a list).
  tractorOrder = (await loadBundledFormSchema('form-schemas', 'tractor-order'))!;
  // image: an optional photo field (a list of at most one URL).
  partOrder = (await loadBundledFormSchema('form-schemas', 'part-order'))!;
});

const normalize = (data: Record<string, unknown>) => normalizeFormData(data, tractorOrder);

describe('normalizeFormData', () => {
  it('trims text and drops values left empty, so blanks count as missing', () => {
    expect(normalize({ fullName: '  Karim  ', phone: '   ', note: '', year: 2020 })).toEqual({ fullName: 'Karim', year: 2020 });
  });

  it('in a photo field, drops the empty items, and a list left empty counts as missing, as the form sends none', () => {
    const url = 'https://site.example/uploads/part-order/0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f.jpg';
    expect(normalizeFormData({ image: [` ${url} `, ' '] }, partOrder)).toEqual({ image: [url] });
    for (const empty of [[], [''], ['  ', '\u0000']]) expect(normalizeFormData({ image: empty }, partOrder)).toEqual({});
    // Items of another type stay, for validation to refuse.
    expect(normalizeFormData({ image: [null, [], ''] }, partOrder)).toEqual({ image: [null, []] });
  });

  it('keeps a list in a text field, empty or not, for validation to refuse: it is a value of another type', async () => {
    const lists = { fullName: [], additionalEquipment: [''], phone: ['0555 12 34 56'] };
    expect(normalize(lists)).toEqual(lists);
    // The optional additionalEquipment sent as [] or [""]: refused by the API, not taken as absent.
    const form = (await registry.get('tractor-order'))!;
    for (const value of [[], ['']]) {
      const errors = form.validate(normalizeFormData({ ...form.schema.examples[0]!, additionalEquipment: value }, form.schema), 'en');
      expect(errors.map((error) => [error.field, error.keyword])).toEqual([['additionalEquipment', 'type']]);
    }
  });

  it('removes NUL and the other control characters', () => {
    expect(normalize({ fullName: 'Ka\u0000rim\u0007 Ben\u001bali\u007f\u0085\u009b' })).toEqual({ fullName: 'Karim Benali' });
  });

  it('turns line breaks and tabs into spaces in one-line fields', () => {
    expect(normalize({ fullName: 'Karim\r\nBenali', phone: '0555\t12\n34\u2028' })).toEqual({
      fullName: 'Karim Benali',
      phone: '0555 12 34',
    });
  });

  it('keeps line breaks in multi-line fields, as one \\n each', () => {
    expect(normalize({ additionalEquipment: 'Charrue 3 socs\r\nRemorque\rPulvérisateur\u2029Semoir\u0000' })).toEqual({
      additionalEquipment: 'Charrue 3 socs\nRemorque\nPulvérisateur\nSemoir',
    });
  });

  it('removes the bidirectional embeddings, overrides and isolates that could disguise a name or a phone', () => {
    // U+202E would show "Karim" reversed; U+2066…U+2069 are what some apps wrap pasted names in.
    const controls = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(normalize({ fullName: `\u202eKarim${controls} Benali`, phone: '\u20660555 12\u202e34 5\u2069' })).toEqual({
      fullName: 'Karim Benali',
      phone: '0555 1234 5',
    });
  });

  it('keeps what Arabic typing produces: vowel marks, tatweel, joiners, direction marks, Arabic digits', () => {
    const name = 'مُحَمَّد بن عـــلي\u200c \u200fالجزائري\u200e (Mohamed)';
    const equipment = 'محراث ٣ سكك\nمرش ۱۲۰۰ لتر، مع الأنابيب؟';
    expect(normalize({ fullName: name, additionalEquipment: equipment })).toEqual({ fullName: name, additionalEquipment: equipment });
  });

  it('keeps a phone number to its characters: no direction marks inside it', () => {
    expect(normalize({ phone: '\u200f0555\u200e 12 34\u061c 5' })).toEqual({ phone: '0555 12 34 5' });
  });

  it('writes a phone number in its one readable form, whatever the farmer typed', () => {
    expect(normalize({ phone: '\u200f+213 (0)555-12.34\u061c 56' })).toEqual({ phone: '0555 12 34 56' });
    expect(normalize({ phone: '٠٥٥٥ ١٢ ٣٤ ٥٦' })).toEqual({ phone: '0555 12 34 56' });
    expect(normalize({ phone: '+33 6 12 34 56 78' })).toEqual({ phone: '+33 6 12 34 56 78' });
    expect(normalize({ phone: '0033612345678' })).toEqual({ phone: '+33 6 12 34 56 78' });
  });

  it('reads a year typed in Arabic-Indic digits (or with spaces) as the number, which validation then accepts; other text stays, refused', async () => {
    const form = (await registry.get('part-wheeled-tractor'))!;
    const order = (tractorYear: unknown) => normalizeFormData({ ...form.schema.examples[0]!, tractorYear }, form.schema);
    for (const typed of ['٢٠١٨', '۲۰۱۸', ' 2018 ', 2018]) {
      expect(order(typed).tractorYear).toBe(2018);
      expect(form.validate(order(typed), 'ar')).toEqual([]);
    }
    expect(order('deux mille').tractorYear).toBe('deux mille');
    expect(form.validate(order('deux mille'), 'fr').map((error) => [error.field, error.keyword])).toEqual([['tractorYear', 'type']]);
  });

  it('drops a byte-order mark and halves of broken surrogate pairs, keeps whole ones', () => {
    expect(normalize({ fullName: '\ufeffKarim \ud800Benali\udc00 🚜' })).toEqual({ fullName: 'Karim Benali 🚜' });
  });

  it('gives the same result when applied twice', () => {
    const once = normalize({ fullName: ' \u202eKarim\tBenali\u0000 ', additionalEquipment: 'a\r\n\r\nb ' });
    expect(normalize(once)).toEqual(once);
  });

  it('keeps values of another type as they are, for validation to refuse', () => {
    expect(normalize({ fullName: 42, additionalEquipment: null, phone: { number: '0555' }, wilaya: true })).toEqual({
      fullName: 42,
      additionalEquipment: null,
      phone: { number: '0555' },
      wilaya: true,
    });
  });

  it('keeps a "__proto__" key as an ordinary key: it never becomes the prototype of the data', () => {
    const data = JSON.parse('{"fullName":"Karim","__proto__":{"tractorModel":"x"}}') as Record<string, unknown>;
    const normalized = normalize(data);
    expect(Object.getPrototypeOf(normalized)).toBe(Object.prototype);
    expect(normalized.tractorModel).toBeUndefined();
    expect(Object.keys(normalized)).toEqual(['fullName', '__proto__']);
  });
});
