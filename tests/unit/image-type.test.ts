import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { imageSignatureLength, imageTypeOf } from '../../shared/forms/image-type';
import { fixtureImages } from '../support/fixture-forms';

const start = (file: string) => new Uint8Array(readFileSync(file)).subarray(0, imageSignatureLength);
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe('the type of an image, from its first bytes', () => {
  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ] as const)('a real %s file is %s', (name, type) => {
    expect(imageTypeOf(start(fixtureImages[name]))).toBe(type);
  });

  it.each([
    ['HTML', '<!doctype html><script>alert(1)</script>'],
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg">'],
    ['text', 'not a photo at all'],
    ['nothing', ''],
    ['a PNG signature without its header chunk', '\x89PNG\r\n\x1a\n\0\0\0\rIDAT'],
    ['a RIFF file that is not WebP', 'RIFF\x1e\0\0\0WAVEfmt '],
    ['a WebP header cut short', 'RIFF\x1e\0\0\0WEBP'],
    ['two bytes of a JPEG', '\xff\xd8'],
  ])('%s is no image', (_case, text) => {
    expect(imageTypeOf(bytes(text))).toBeUndefined();
  });
});
