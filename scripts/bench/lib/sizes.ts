import { gzipSync } from 'node:zlib';

/** Total size of the files at these URLs gzipped (level 6), whatever encoding the server chose. */
export async function gzippedSize(urls: Iterable<string>): Promise<number> {
  let total = 0;
  for (const url of urls) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 6 }).byteLength;
  return total;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
