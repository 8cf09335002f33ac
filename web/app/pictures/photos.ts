import type { CatalogueImage } from '../../../shared/catalogue/types';

/** Written by `npm run photos:build` (absent before the first build: then no photos). */
const manifests = import.meta.glob<Record<string, { width: number; height: number }>>('./generated/photos.json', {
  eager: true,
  import: 'default',
});
const photos = manifests['./generated/photos.json'] ?? {};

/**
 * The photo web/photos/<name>.jpg (or .png, .webp), as the build prepared it;
 * undefined while there is none, and the card shows its placeholder.
 */
export function photo(name: string): CatalogueImage | undefined {
  const size = photos[name];
  return size && { src: `/images/catalogue/${name}.webp`, ...size };
}
