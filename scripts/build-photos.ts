/**
 * npm run photos:build — the catalogue's photos, ready for phones. Every
 * web/photos/<name>.(jpg|jpeg|png|webp) becomes, under
 * web/public/images/catalogue/, <name>.avif and <name>.webp (at most 1280 px
 * wide) and <name>-640.avif and <name>-640.webp, the sizes ItemPicture offers
 * in its srcset, plus a manifest of their widths and heights (pictures keep
 * their space before they load). A catalogue entry shows its photo with
 * `image: photo('<name>')`; without one it shows its drawn placeholder.
 * PHOTOS_DIR, PHOTOS_OUTPUT_DIR and PHOTOS_MANIFEST pick other places (tests use them).
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { repoRoot } from '../infra/paths';

const largeWidth = 1280;
const smallWidth = 640;

const sourceDir = path.resolve(process.env.PHOTOS_DIR ?? path.join(repoRoot, 'web/photos'));
const outputDir = path.resolve(process.env.PHOTOS_OUTPUT_DIR ?? path.join(repoRoot, 'web/public/images/catalogue'));
const manifestFile = path.resolve(process.env.PHOTOS_MANIFEST ?? path.join(repoRoot, 'web/app/pictures/generated/photos.json'));

const started = performance.now();
const files = (await readdir(sourceDir).catch(() => [] as string[])).filter((file) => /\.(jpe?g|png|webp)$/i.test(file)).sort();
await rm(outputDir, { recursive: true, force: true });
await mkdir(outputDir, { recursive: true });

const manifest: Record<string, { width: number; height: number }> = {};
for (const file of files) {
  const name = path.parse(file).name.toLowerCase();
  // EXIF orientation applied, metadata (GPS of the farm, camera) dropped.
  const source = sharp(path.join(sourceDir, file)).rotate();
  const writes = [largeWidth, smallWidth].flatMap((width) => {
    const resized = source.clone().resize({ width, withoutEnlargement: true });
    const suffix = width === largeWidth ? '' : `-${width}`;
    return [
      resized.clone().avif({ quality: 50 }).toFile(path.join(outputDir, `${name}${suffix}.avif`)),
      resized.clone().webp({ quality: 75 }).toFile(path.join(outputDir, `${name}${suffix}.webp`)),
    ];
  });
  const [large] = await Promise.all(writes);
  manifest[name] = { width: large!.width, height: large!.height };
}
await mkdir(path.dirname(manifestFile), { recursive: true });
await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`photos:build: ${files.length} photo(s) in ${Math.round(performance.now() - started)} ms`);
