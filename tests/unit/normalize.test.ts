import { describe, expect, it } from 'vitest';
import { normalizeFormData } from '../../shared/forms/normalize';

describe('normalizeFormData', () => {
  it('trims text and drops values left empty, so blanks count as missing', () => {
    expect(normalizeFormData({ fullName: '  Karim  ', phone: '   ', note: '', year: 2020, images: [' a ', ' '] })).toEqual({
      fullName: 'Karim',
      year: 2020,
      images: ['a'],
    });
  });
});
