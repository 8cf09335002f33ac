import { describe, expect, it } from 'vitest';
import { buildRelayRow } from '../../lambdas/forms/relay-row';
import type { RelayColumn } from '../../shared/forms/form-schema';

const submittedAt = '2026-11-22T08:30:00.000Z';

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
      tractorColumns,
      { wilaya: 'Setif', phone: '0555', fullName: 'Karim', tractorModel: 'DI75 4x2', additionalEquipment: 'Charrue' },
      { submittedAt },
    );
    expect(row).toEqual(['Karim', '0555', 'Setif', submittedAt, 'DI75 4x2 - Charrue']);
  });

  it('leaves the separator out when the optional part is missing', () => {
    const row = buildRelayRow(tractorColumns, { fullName: 'K', phone: '1', wilaya: 'Oran', tractorModel: 'DI75 4x2' }, { submittedAt });
    expect(row[4]).toBe('DI75 4x2');
  });

  it('joins lists with commas and writes absent fields as empty cells', () => {
    const row = buildRelayRow(['images', 'brandName', 'year'], { images: ['https://a/1.jpg', 'https://a/2.jpg'], year: 2020 }, { submittedAt });
    expect(row).toEqual(['https://a/1.jpg, https://a/2.jpg', '', '2020']);
  });
});
