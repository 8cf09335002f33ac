import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withoutContentData } from '../../shared/content/renderer';
import { bytesDigest, siteManifestFile, type SiteManifest } from './site-manifest';

/**
 * Where published sites go live. Each publish (or render after a deploy) is
 * written into a folder of its own, then a pointer names the live one, and
 * is replaced in one step: a visitor gets the old pages or the new ones,
 * never a mix, and a publish that fails before that leaves the live site as
 * it was. Two implementations: a folder on disk (here, for the local site
 * server, infra/local/static-site.ts) and the site's S3 bucket with the
 * CDN's routing store (./site-bucket.ts).
 */
export interface SiteFolder {
  /** The live site's folder and manifest (./site-manifest.ts); undefined while the build's own pages are served. */
  liveSite(): Promise<LiveSite | undefined>;
  /**
   * Writes a site's files (pages, pictures, sitemaps) into a folder of their
   * own, and copies `carried.files` into it unchanged from the folder
   * `carried.from`; `onWritten(done)` is awaited after each file written.
   */
  write(folder: string, files: Map<string, string | Buffer>, onWritten?: (done: number) => unknown, carried?: CarriedFiles): Promise<void>;
  /** Makes that folder the live site; `files` are the files written there. */
  goLive(folder: string, files: string[]): Promise<void>;
}

export interface LiveSite {
  folder: string;
  manifest: SiteManifest;
}

export interface CarriedFiles {
  from: string;
  files: string[];
}

export const livePointer = 'live';

/** What a publish compares pages by, to say which changed: the MD5 of what visitors see, without the content's data. */
export function pageDigest(html: string | Buffer): string {
  return createHash('md5').update(withoutContentData(html.toString())).digest('hex');
}

/** The manifest of a site published before manifests: its pages' digests, from their bytes. */
export function manifestOfPages(pages: Iterable<[file: string, body: string | Buffer]>): SiteManifest {
  const files: SiteManifest['files'] = {};
  for (const [file, body] of pages) files[file] = { sha256: bytesDigest(body), page: pageDigest(body) };
  return { files };
}

/** `<siteDir>/publishes/<folder>/` holds each site, `<siteDir>/live` is a symbolic link to the live one. */
export function createSiteFolder(siteDir: string): SiteFolder {
  const publishDir = (folder: string) => path.join(siteDir, 'publishes', folder);
  return {
    async liveSite() {
      const target = await readlink(path.join(siteDir, livePointer)).catch(() => undefined);
      if (!target) return undefined;
      const root = path.resolve(siteDir, target);
      const folder = path.basename(root);
      const manifest = await readFile(path.join(root, siteManifestFile), 'utf8').catch(() => undefined);
      if (manifest) return { folder, manifest: JSON.parse(manifest) as SiteManifest };
      const files = (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile() && entry.name.endsWith('.html'));
      const pages: [string, Buffer][] = [];
      for (const file of files) {
        const full = path.join(file.parentPath, file.name);
        pages.push([path.relative(root, full).split(path.sep).join('/'), await readFile(full)]);
      }
      return { folder, manifest: manifestOfPages(pages) };
    },
    async write(folder, files, onWritten, carried) {
      const root = publishDir(folder);
      let done = 0;
      // A file carried over is shared with the live site (a hard link): a file written again (a publish
      // run twice) is removed first, never written through, so the live site's copy is never touched.
      for (const [file, body] of files) {
        const to = path.join(root, file);
        await mkdir(path.dirname(to), { recursive: true });
        await rm(to, { force: true });
        await writeFile(to, body);
        await onWritten?.(++done);
      }
      for (const file of carried?.files ?? []) {
        const [from, to] = [path.join(publishDir(carried!.from), file), path.join(root, file)];
        await mkdir(path.dirname(to), { recursive: true });
        await rm(to, { force: true });
        await link(from, to).catch(() => copyFile(from, to));
      }
    },
    async goLive(folder) {
      const next = path.join(siteDir, `${livePointer}.${folder}`);
      await symlink(path.relative(siteDir, publishDir(folder)), next);
      await rename(next, path.join(siteDir, livePointer));
    },
  };
}
