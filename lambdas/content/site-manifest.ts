import { createHash } from 'node:crypto';
import type { CatalogueImage } from '../../shared/catalogue/types';
import { sliceText, type ContentPart } from '../../shared/content/content-parts';
import { sameContent, type ContentOverrides } from '../../shared/content/model';

/**
 * What a published site holds and was made from, written into its folder
 * with its files (`site-manifest.json`). The next publish reads it instead
 * of the site's files: a file whose bytes are the same is carried over from
 * the live site rather than written again, a photo already made from the
 * same picture is not made again, and a site made from the same inputs is
 * not published again at all (docs/decisions/0021-content-staff-cannot-get-wrong.md).
 */

export const siteManifestFile = 'site-manifest.json';

export interface SiteManifest {
  /** What the site was rendered from; none for a site published before manifests (its files are then read). */
  inputs?: SiteInputs;
  /** Each file of the site, by its path in it. */
  files: Record<string, FileDigests>;
}

export interface FileDigests {
  /** The SHA-256 of the file's bytes. */
  sha256: string;
  /** For a page, its digest without the content's data (`pageDigest`): what visitors see changed or not. */
  page?: string;
  /** For a page, the parts of the content it read (shared/content/content-parts.ts)… */
  parts?: ContentPart[];
  /** …and the digest of staff's changes to them (`contentDigests`) it was rendered with. */
  content?: string;
}

/** Everything a site's bytes depend on: the same inputs render the same files. */
export interface SiteInputs {
  /** The web build's digest (`SiteBuild.id`). */
  build: string;
  /** The content, its photo choices made into images. */
  overrides: ContentOverrides;
  /** The photos made for it, by library picture. */
  photos: Record<string, MadePhoto>;
}

/** A library picture made into the site's formats. */
export interface MadePhoto {
  /** What it was made from and how: the same key, the same files. */
  key: string;
  image: CatalogueImage;
  /** Its files in the site. */
  files: string[];
}

export function bytesDigest(body: string | Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

/** Whether two sites' inputs are the same, key order aside. */
export function sameInputs(a: SiteInputs, b: SiteInputs): boolean {
  const photoKeys = (inputs: SiteInputs) => JSON.stringify(Object.entries(inputs.photos).map(([mediaId, photo]) => [mediaId, photo.key]).sort());
  return a.build === b.build && photoKeys(a) === photoKeys(b) && sameContent(a.overrides, b.overrides);
}

/** Each page's digest without the content's data, by file. */
export function pageDigests(manifest: SiteManifest): Map<string, string> {
  return new Map(Object.entries(manifest.files).flatMap(([file, digests]) => (digests.page ? [[file, digests.page] as const] : [])));
}

/**
 * The digest of staff's changes to some parts of this content, computed
 * once per set of parts (most pages read one of a few sets).
 */
export function contentDigests(overrides: ContentOverrides): (parts: readonly ContentPart[]) => string {
  const digests = new Map<string, string>();
  return (parts) => {
    const key = parts.join(' ');
    let digest = digests.get(key);
    if (digest === undefined) digests.set(key, (digest = bytesDigest(sliceText(overrides, parts))));
    return digest;
  };
}

/**
 * Whether a page of the site of this manifest (made by the same build) is
 * the page this content renders: its HTML depends on the build and on the
 * parts of the content it read alone, so the same changes to those parts
 * make the same page. A page recorded without its parts is never.
 */
export function unchangedPages(manifest: SiteManifest, digestOf: (parts: readonly ContentPart[]) => string): (file: string) => boolean {
  return (file) => {
    const page = Object.hasOwn(manifest.files, file) ? manifest.files[file] : undefined;
    return page?.parts !== undefined && page.content !== undefined && digestOf(page.parts) === page.content;
  };
}
