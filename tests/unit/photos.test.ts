import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

/**
 * The dealer drops photos into web/photos; the build turns each into the
 * AVIF and WebP sizes the cards offer, upright and without the camera's
 * metadata, and records their sizes so the pages reserve their space.
 */

let workDir: string;
let outputDir: string;
let manifestFile: string;

/** A stand-in for a phone photo: a gradient, so the encoders have something to compress. */
async function writePhoto(file: string, width: number, height: number, orientation?: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels[i] = (i / 3) % width % 256;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  await (orientation ? image.withMetadata({ orientation }) : image).jpeg().toFile(file);
}

beforeAll(async () => {
  workDir = await makeTempDir('photos');
  const photosDir = path.join(workDir, 'photos');
  outputDir = path.join(workDir, 'out');
  manifestFile = path.join(workDir, 'photos.json');
  await mkdir(photosDir);
  await writePhoto(path.join(photosDir, 'Charrue-3-Socs.jpg'), 2000, 1250);
  await writePhoto(path.join(photosDir, 'small-part.jpg'), 800, 500);
  // Taken with the phone upright: stored landscape, EXIF says "rotate 90°".
  await writePhoto(path.join(photosDir, 'upright.jpg'), 1600, 1200, 6);
  await writePhoto(path.join(photosDir, 'notes.txt'), 10, 10);
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build-photos.ts'], {
    env: { ...process.env, PHOTOS_DIR: photosDir, PHOTOS_OUTPUT_DIR: outputDir, PHOTOS_MANIFEST: manifestFile },
  });
}, 60_000);

afterAll(() => removeTempDir(workDir));

const sizeOf = async (file: string) => {
  const { width, height, format, exif } = await sharp(path.join(outputDir, file)).metadata();
  return { width, height, format, exif: exif !== undefined };
};

describe('photos:build', () => {
  test('makes 1280 and 640 px AVIF and WebP of each photo, named in lower case', async () => {
    expect(await sizeOf('charrue-3-socs.avif')).toEqual({ width: 1280, height: 800, format: 'heif', exif: false });
    expect(await sizeOf('charrue-3-socs.webp')).toEqual({ width: 1280, height: 800, format: 'webp', exif: false });
    expect(await sizeOf('charrue-3-socs-640.avif')).toMatchObject({ width: 640, height: 400 });
    expect(await sizeOf('charrue-3-socs-640.webp')).toMatchObject({ width: 640, height: 400 });
  });

  test('never enlarges a small photo, and turns an upright phone photo upright', async () => {
    expect(await sizeOf('small-part.webp')).toMatchObject({ width: 800, height: 500 });
    expect(await sizeOf('small-part-640.webp')).toMatchObject({ width: 640, height: 400 });
    expect(await sizeOf('upright.webp')).toMatchObject({ width: 1200, height: 1600 });
  });

  test('records each photo’s size for the pages, and only photos', async () => {
    expect(JSON.parse(await readFile(manifestFile, 'utf8'))).toEqual({
      'charrue-3-socs': { width: 1280, height: 800 },
      'small-part': { width: 800, height: 500 },
      upright: { width: 1200, height: 1600 },
    });
  });
});
