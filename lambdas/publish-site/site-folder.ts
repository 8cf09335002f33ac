import { mkdir, readdir, readFile, readlink, rename, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where published pages go live, outside AWS: `<siteDir>/publishes/<id>/`
 * holds each publish's pages, and `<siteDir>/live` points at the one the
 * site serves (infra/local/static-site.ts serves its HTML before the
 * build's). The pointer is replaced in one rename, so a visitor gets the
 * old pages or the new ones, never a mix, and a publish that fails before
 * that leaves the live site as it was.
 */
export interface SiteFolder {
  /** The pages (HTML) the site serves now, by file; undefined while the build's own pages are served. */
  livePages(): Promise<Map<string, string> | undefined>;
  /** Writes a publish's files (pages, pictures) into a folder of their own, named after it. */
  write(folder: string, files: Map<string, string | Buffer>): Promise<void>;
  goLive(folder: string): Promise<void>;
}

export const livePointer = 'live';

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
        pages.set(path.relative(root, full).split(path.sep).join('/'), await readFile(full, 'utf8'));
      }
      return pages;
    },
    async write(folder, files) {
      const root = publishDir(folder);
      for (const [file, body] of files) {
        await mkdir(path.dirname(path.join(root, file)), { recursive: true });
        await writeFile(path.join(root, file), body);
      }
    },
    async goLive(folder) {
      const next = path.join(siteDir, `${livePointer}.${folder}`);
      await symlink(path.relative(siteDir, publishDir(folder)), next);
      await rename(next, path.join(siteDir, livePointer));
    },
  };
}
