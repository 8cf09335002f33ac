/**
 * An image's type, read from its first bytes rather than from what its
 * uploader said (a phone names a text file called `plate.jpg` a JPEG): the
 * signatures of JPEG, PNG, GIF and WebP files. The photo field refuses such a
 * file when it is picked, the API when an upload is kept.
 */

/** How many first bytes imageTypeOf needs. */
export const imageSignatureLength = 16;

const signatures: { type: string; matches: (bytes: Uint8Array) => boolean }[] = [
  { type: 'image/jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  {
    type: 'image/png',
    // The 8-byte PNG signature, then the first chunk, which must be the header.
    matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && text(bytes, 12, 4) === 'IHDR',
  },
  { type: 'image/gif', matches: (bytes) => ['GIF87a', 'GIF89a'].includes(text(bytes, 0, 6)) },
  {
    type: 'image/webp',
    // A RIFF container of WebP data, lossy (VP8), lossless (VP8L) or extended (VP8X).
    matches: (bytes) =>
      text(bytes, 0, 4) === 'RIFF' && text(bytes, 8, 4) === 'WEBP' && ['VP8 ', 'VP8L', 'VP8X'].includes(text(bytes, 12, 4)),
  },
];

/** `image/jpeg`, `image/png`, `image/gif` or `image/webp`; undefined for anything else. */
export function imageTypeOf(firstBytes: Uint8Array): string | undefined {
  return signatures.find(({ matches }) => matches(firstBytes))?.type;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

function text(bytes: Uint8Array, start: number, length: number): string {
  if (bytes.length < start + length) return '';
  return String.fromCharCode(...bytes.subarray(start, start + length));
}
