import { describe, expect, it } from 'vitest';
import { buildRelayRow } from '../../lambdas/submissions/relay-row';
import type { FieldSchema, RelayColumn } from '../../shared/forms/form-schema';

const submittedAt = '2026-11-22T08:30:00.000Z';
const text: FieldSchema = { type: 'string' };

/** A form with these columns; `phone` is a telephone field like the shared definition's. */
function form(columns: RelayColumn[]) {
  return {
    'x-relay': { sheet: 'orders', columns },
    properties: { fullName: text, phone: { type: 'string', 'x-widget': 'tel' } as FieldSchema, note: text },
  };
}

describe('buildRelayRow', () => {
  const tractorColumns: RelayColumn[] = [
    'fullName',
    'phone',
    'wilaya',
    { value: 'submittedAt' },
    { join: ['tractorModel', 'additionalEquipment'], separator: ' - ' },
  ];

  it('puts the cells in the declared column order', () => {
    const row = buildRelayRow(
      form(tractorColumns),
      { wilaya: 'Setif', phone: '0555', fullName: 'Karim', tractorModel: 'DI75 4x2', additionalEquipment: 'Charrue' },
      { submittedAt },
    );
    expect(row).toEqual(['Karim', '0555', 'Setif', submittedAt, 'DI75 4x2 - Charrue']);
  });

  it('leaves the separator out when the optional part is missing', () => {
    const row = buildRelayRow(form(tractorColumns), { fullName: 'K', phone: '1', wilaya: 'Oran', tractorModel: 'DI75 4x2' }, { submittedAt });
    expect(row[4]).toBe('DI75 4x2');
  });

  it('joins lists with commas and writes absent fields as empty cells', () => {
    const row = buildRelayRow(form(['images', 'brandName', 'year']), { images: ['https://a/1.jpg', 'https://a/2.jpg'], year: 2020 }, { submittedAt });
    expect(row).toEqual(['https://a/1.jpg, https://a/2.jpg', '', '2020']);
  });

  it('writes every cell a spreadsheet would run as a formula as text', () => {
    const formulas = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1'];
    const row = buildRelayRow(form(formulas.map(() => 'note')), { note: formulas[0] }, { submittedAt });
    expect(row[0]).toBe(`'${formulas[0]}`);
    for (const formula of formulas) {
      expect(buildRelayRow(form(['note']), { note: formula }, { submittedAt })).toEqual([`'${formula}`]);
    }
    // Joined and "first" columns too.
    expect(buildRelayRow(form([{ join: ['note', 'fullName'], separator: ' - ' }]), { note: '=1+1', fullName: 'K' }, { submittedAt })).toEqual([
      "'=1+1 - K",
    ]);
    expect(buildRelayRow(form([{ first: ['fullName', 'note'] }]), { note: '@x' }, { submittedAt })).toEqual(["'@x"]);
  });

  it('writes as text a formula hidden behind marks a spreadsheet does not show, or typed with full-width signs', () => {
    const marks = { LRM: '\u200e', RLM: '\u200f', ALM: '\u061c', ZWSP: '\u200b', ZWNJ: '\u200c', ZWJ: '\u200d', 'word joiner': '\u2060', BOM: '\ufeff', 'soft hyphen': '\u00ad' };
    for (const [name, mark] of Object.entries(marks)) {
      for (const formula of [`${mark}=HYPERLINK("http://evil.example","x")`, `${mark}${mark}+1+1`, `${mark} -2+3`, `${mark}@SUM(A1)`]) {
        expect(buildRelayRow(form(['note']), { note: formula }, { submittedAt }), name).toEqual([`'${formula}`]);
      }
    }
    for (const formula of ['＝HYPERLINK("http://evil.example","x")', '＋1+1', '－2+3', '＠SUM(A1)', '\u200f＝1+1', '﹦1+1']) {
      expect(buildRelayRow(form(['note']), { note: formula }, { submittedAt })).toEqual([`'${formula}`]);
    }
  });

  it('leaves text alone when the marks lead to no formula, Arabic text included', () => {
    for (const text of ['\u200fمحراث 3 سكك', '\u200eDI75 4x2', 'Karim = Benali', '\u200b', 'Prix: -10%']) {
      expect(buildRelayRow(form(['note']), { note: text }, { submittedAt })).toEqual([text]);
    }
  });

  it('writes an international phone number as text the sheet keeps as it reads (its \'+\' is no formula)', () => {
    expect(buildRelayRow(form(['phone']), { phone: '+33 6 12 34 56 78' }, { submittedAt })).toEqual(["'+33 6 12 34 56 78"]);
    expect(buildRelayRow(form(['phone']), { phone: '0555 12 34 56' }, { submittedAt })).toEqual(['0555 12 34 56']);
    expect(buildRelayRow(form(['phone']), { phone: '=1+1' }, { submittedAt })).toEqual(["'=1+1"]);
  });
});
