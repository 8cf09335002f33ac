import { copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../../infra/paths';
import { definitionsFile, type FormSchema } from '../../shared/forms/form-schema';

/**
 * Forms of the tests' own, next to the real shared definitions, so that tests
 * of photos and of the messages table do not depend on the site's schemas.
 */

const label = (text: string) => ({ ar: text, fr: text, en: text });

/** A part request with photos: `images` (1 to 5, 10 MB) and `nameplate` (optional, 2 KB, JPEG or PNG). */
export const photoRequestForm: FormSchema = {
  $id: 'photo-request',
  type: 'object',
  'x-title': label('Photo request'),
  'x-relay': {
    sheet: 'photo-requests',
    columns: ['fullName', 'phone', 'wilaya', { value: 'submittedAt' }, 'partName', 'images', 'nameplate'],
  },
  'x-store': { list: 'inbox' },
  required: ['partName', 'images', 'fullName', 'wilaya', 'phone'],
  properties: {
    partName: { $ref: 'definitions.json#/$defs/partName' },
    images: { $ref: 'definitions.json#/$defs/images' },
    nameplate: {
      $ref: 'definitions.json#/$defs/optionalImage',
      'x-upload': { maxBytes: 2048, accept: ['image/jpeg', 'image/png'] },
    },
    fullName: { $ref: 'definitions.json#/$defs/fullName' },
    wilaya: { $ref: 'definitions.json#/$defs/wilaya' },
    phone: { $ref: 'definitions.json#/$defs/phone' },
  },
  additionalProperties: false,
  examples: [
    {
      partName: 'Filtre à huile',
      images: ['https://example.com/uploads/photo-request/0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f.jpg'],
      fullName: 'Karim Benali',
      wilaya: 'Setif',
      phone: '0555 12 34 56',
    },
  ],
};

/** A note to the dealer, with no photo: a plain inbox submission. */
export const dealerNoteForm: FormSchema = {
  $id: 'dealer-note',
  type: 'object',
  'x-title': label('Note to the dealer'),
  'x-relay': { sheet: 'dealer-notes', columns: ['fullName', 'phone', { value: 'submittedAt' }, 'message'] },
  'x-store': { list: 'inbox' },
  required: ['fullName', 'phone', 'message'],
  properties: {
    fullName: { $ref: 'definitions.json#/$defs/fullName' },
    phone: { $ref: 'definitions.json#/$defs/phone' },
    message: { type: 'string', minLength: 1, maxLength: 2000, 'x-widget': 'textarea', 'x-label': label('Message') },
  },
  additionalProperties: false,
  examples: [{ fullName: 'Karim Benali', phone: '0555 12 34 56', message: 'Avez-vous des pneus 18.4-30 ?' }],
};

/** Fills `dir` with form-schemas/definitions.json and the given forms. */
export async function writeFormSchemas(dir: string, forms: FormSchema[]): Promise<void> {
  await copyFile(path.join(repoRoot, 'form-schemas', definitionsFile), path.join(dir, definitionsFile));
  for (const form of forms) await writeFile(path.join(dir, `${form.$id}.json`), `${JSON.stringify(form, null, 2)}\n`);
}

/** The tiny images under tests/fixtures/uploads (8×8, made for these tests), one of each type a photo may have. */
export const fixtureImages = {
  jpeg: path.join(repoRoot, 'tests', 'fixtures', 'uploads', 'tiny.jpg'),
  png: path.join(repoRoot, 'tests', 'fixtures', 'uploads', 'tiny.png'),
  gif: path.join(repoRoot, 'tests', 'fixtures', 'uploads', 'tiny.gif'),
  webp: path.join(repoRoot, 'tests', 'fixtures', 'uploads', 'tiny.webp'),
};
