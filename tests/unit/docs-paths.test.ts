import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/paths';

/**
 * The README and the docs name files and folders of the project, and link
 * to each other: every one of them exists (or is a build output the project
 * ignores), so a file that moves cannot leave its old address behind in the
 * words a newcomer reads first.
 */

const topFolders = ['form-schemas', 'web', 'lambdas', 'shared', 'infra', 'scripts', 'tests', 'docs', '.ci'];
const docs = ['README.md', ...markdownFiles('docs')];

function markdownFiles(folder: string): string[] {
  return readdirSync(path.join(repoRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });
}

/** The project paths a Markdown file names: in code spans (`lambdas/lib/config.ts`) and as relative links. */
function namedPaths(file: string): string[] {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  const found = new Set<string>();
  for (const [, span] of text.matchAll(/`([^`\s]+)`/g)) {
    const candidate = span!.replace(/[#:].*$/, '').replace(/[),.;]+$/, '');
    if (!topFolders.some((folder) => candidate === folder || candidate.startsWith(`${folder}/`))) continue;
    // A pattern (`form-schemas/<formId>.json`, `tests/**/*.ts`) names no one file.
    if (/[<>*{}|[\]$]/.test(candidate)) continue;
    found.add(candidate.replace(/\/$/, ''));
  }
  for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:|^#/.test(link!)) continue;
    found.add(path.join(path.dirname(file), link!.replace(/#.*$/, '')).replace(/\/$/, ''));
  }
  return [...found];
}

function isIgnored(relative: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', relative], { cwd: repoRoot });
    return true;
  } catch {
    return false;
  }
}

describe('the paths the docs name', () => {
  it.each(docs)('all exist: %s', (file) => {
    const missing = namedPaths(file).filter((named) => !existsSync(path.join(repoRoot, named)) && !isIgnored(named));
    expect(missing).toEqual([]);
  });
});
