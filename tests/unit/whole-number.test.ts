import { describe, expect, it } from 'vitest';
import { readWholeNumber } from '../../shared/text/whole-number';

/** Prices and years as staff and farmers type them (a price as the site shows it, a year in Arabic digits). */
describe('a whole number as people type it', () => {
  it.each([
    ['3250000', 3_250_000],
    ['3 250 000', 3_250_000],
    ['3\u202f250\u202f000', 3_250_000],
    ['3.250.000', 3_250_000],
    ['3,250,000', 3_250_000],
    ['3 250 000 DA', 3_250_000],
    ['3.250.000 DZD', 3_250_000],
    ['٣٬٢٥٠٬٠٠٠ دج', 3_250_000],
    ['٣ ٢٥٠ ٠٠٠ د.ج', 3_250_000],
    ['٢٠١٨', 2018],
    ['۲۰۱۸', 2018],
    [' 2018 ', 2018],
  ])('reads %s', (typed, value) => {
    expect(readWholeNumber(typed)).toBe(value);
  });

  it.each(['', 'abc', '3,5', '3.25', '-2', '3 25 000', '3.250,000', '12,34,567', '1e6', '99999999999999999999'])('refuses %j', (typed) => {
    expect(readWholeNumber(typed)).toBeUndefined();
  });
});
