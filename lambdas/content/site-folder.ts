import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, readlink, rename, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withoutContentData } from '../../shared/content/renderer';

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
  /** A digest (`pageDigest`) of each HTML page the site serves now, by file; undefined while the build's own pages are served. */
  livePages(): Promise<Map<string, string> | undefined>;
  /** Writes a site's files (pages, pictures, sitemaps) into a folder of their own; `onWritten(done)` is awaited after each. */
  write(folder: string, files: Map<string, string | Buffer>, onWritten?: (done: number) => unknown): Promise<void>;
  /** Makes that folder the live site; `files` are the files written there. */
  goLive(folder: string, files: string[]): Promise<void>;
}

export const livePointer = 'live';

/** What a publish compares pages by, to say which changed: the MD5 of what visitors see, without the content's data. */
export function pageDigest(html: string | Buffer): string {
  return createHash('md5').update(withoutContentData(html.toString())).digest('hex');
}

/** `<siteDir>/publishes/<folder>/` holds each site, `<siteDir>/live` is a symbolic link to the live one. */
export function createSiteFolder(siteDir: string): SiteFolder {
  const publishDir = (folder: string) => path.join(siteDir, 'publishes', folder);
  return {
    async livePages() {
      const target = await readlink(path.join(siteDir, livePointer)).catch(() => undefined);
      if (!target) return undefined;
      const root = path.resolve(siteDir, target);
      const files = (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile() && entry.name.endsWith('.html'));
      const pages = new Map<string, string>();
      for (const file of files) {
        const full = path.join(file.parentPath, file.name);
        pages.set(path.relative(root, full).split(path.sep).join('/'), pageDigest(await readFile(full)));
      }
      return pages;
    },
    async write(folder, files, onWritten) {
      const root = publishDir(folder);
      let done = 0;
      for (const [file, body] of files) {
        await mkdir(path.dirname(path.join(root, file)), { recursive: true });
        await writeFile(path.join(root, file), body);
        await onWritten?.(++done);
      }
    },
    async goLive(folder) {
      const next = path.join(siteDir, `${livePointer}.${folder}`);
      await symlink(path.relative(siteDir, publishDir(folder)), next);
      await rename(next, path.join(siteDir, livePointer));
    },
  };
}
