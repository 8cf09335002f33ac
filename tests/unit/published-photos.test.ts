import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { withPublishedPhotos } from '../../lambdas/content/photos';
import type { ContentOverrides } from '../../shared/content/model';

/**
 * The photos staff chose are made into the site's formats once per
 * picture's bytes: a publish given the photos the live site already has
 * makes none of them again, and makes a picture again when its bytes differ.
 */

const picture = (red: number) => sharp({ create: { width: 800, height: 600, channels: 3, background: { r: red, g: 120, b: 40 } } }).jpeg().toBuffer();
const content: ContentOverrides = { catalogue: { tractors: { changed: { 'di-75': { photo: { mediaId: 'm1' } } } } } };
const imageOf = (overrides: ContentOverrides) => overrides.catalogue?.tractors?.changed?.['di-75']?.image;

describe('published photos', () => {
  test('are made once per picture’s bytes, and again when the bytes differ', async () => {
    const original = await picture(200);
    const first = await withPublishedPhotos(content, async () => original);
    await first.filesMade;
    expect([...first.files.keys()].sort()).toEqual(['images/media/m1-640.avif', 'images/media/m1-640.webp', 'images/media/m1.avif', 'images/media/m1.webp']);
    expect(first.photos.m1).toMatchObject({ image: { src: '/images/media/m1.webp', width: 800, height: 600 }, files: expect.arrayContaining([...first.files.keys()]) });
    expect(imageOf(first.overrides)).toEqual(first.photos.m1!.image);

    const again = await withPublishedPhotos(content, async () => original, undefined, first.photos);
    await again.filesMade;
    expect(again.files.size).toBe(0);
    expect(again.photos.m1).toEqual(first.photos.m1);
    expect(imageOf(again.overrides)).toEqual(first.photos.m1!.image);

    const replaced = await withPublishedPhotos(content, async () => picture(20), undefined, first.photos);
    await replaced.filesMade;
    expect(replaced.files.size).toBe(4);
    expect(replaced.photos.m1!.key).not.toBe(first.photos.m1!.key);
  });

  test('a picture gone from the library has no photo, and its entry no image', async () => {
    const gone = await withPublishedPhotos(content, async () => undefined);
    expect(gone.photos).toEqual({});
    expect(imageOf(gone.overrides)).toBeNull();
  });
});
