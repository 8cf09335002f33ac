/**
 * npm run fonts:build — the site's typeface, Cairo, cut to what the site uses:
 * the weights 400 to 700 of the variable font (the design uses regular,
 * medium, semibold and bold), in @fontsource's unicode-range subsets (Arabic,
 * Latin, Latin Extended), so a page downloads only the scripts it shows.
 * About a third lighter than the package's 200–1000 files; writes the fonts
 * and their @font-face rules to web/shared/fonts/generated/. It also writes
 * 'Cairo Fallback': a local sans-serif face scaled to Cairo's metrics, so
 * that Latin text (prices, names) does not move when Cairo arrives.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import arial from '@capsizecss/metrics/arial';
import cairo from '@capsizecss/metrics/cairo';
import subsetFont from 'subset-font';
import { repoRoot } from '../infra/paths';

const weights = { min: 400, max: 700 };
const outputDir = path.join(repoRoot, 'web/shared/fonts/generated');
const packageCss = createRequire(import.meta.url).resolve('@fontsource-variable/cairo/wght.css');

interface FontFace {
  subset: string;
  file: string;
  unicodeRange: string;
}

/** The package's @font-face rules: one file and one unicode-range per subset. */
function fontFaces(css: string): FontFace[] {
  return [...css.matchAll(/\/\* cairo-([a-z-]+)-wght-normal \*\/\s*@font-face \{([^}]*)\}/g)].map(([, subset, body]) => ({
    subset: subset!,
    file: /src: url\(\.\/([^)]+)\)/.exec(body!)![1]!,
    unicodeRange: /unicode-range: ([^;]+);/.exec(body!)![1]!,
  }));
}

/** Every character of a CSS unicode-range (U+0600-06FF,U+200C,…). */
function charactersOf(unicodeRange: string): string {
  let text = '';
  for (const part of unicodeRange.split(',')) {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-').map((hex) => parseInt(hex!, 16));
    for (let code = from!; code <= to!; code++) text += String.fromCodePoint(code);
  }
  return text;
}

/**
 * Arial (or its metric twin Liberation Sans, or Roboto on Android) resized to
 * Cairo's average width, with Cairo's ascent and descent: the line boxes and
 * the text's width stay put when the real font replaces it.
 */
function fallbackFace(unicodeRange: string | undefined): string {
  const sizeAdjust = cairo.xWidthAvg / cairo.unitsPerEm / (arial.xWidthAvg / arial.unitsPerEm);
  const percent = (value: number) => `${((value / cairo.unitsPerEm / sizeAdjust) * 100).toFixed(2)}%`;
  return `@font-face {
  font-family: 'Cairo Fallback';
  src: local('Arial'), local('ArialMT'), local('Liberation Sans'), local('Roboto'), local('Helvetica');
  size-adjust: ${(sizeAdjust * 100).toFixed(2)}%;
  ascent-override: ${percent(cairo.ascent)};
  descent-override: ${percent(Math.abs(cairo.descent))};
  line-gap-override: ${percent(cairo.lineGap)};${unicodeRange ? `\n  unicode-range: ${unicodeRange};` : ''}
}`;
}

function faceRule(family: string, face: FontFace): string {
  return `@font-face {
  font-family: '${family}';
  font-style: normal;
  font-display: swap;
  font-weight: ${weights.min} ${weights.max};
  src: url('./cairo-${face.subset}.woff2') format('woff2-variations');
  unicode-range: ${face.unicodeRange};
}`;
}

const started = performance.now();
const faces = fontFaces(await readFile(packageCss, 'utf8'));
if (faces.length === 0) throw new Error(`fonts:build: no @font-face rules found in ${packageCss}`);
await rm(outputDir, { recursive: true, force: true });
await mkdir(outputDir, { recursive: true });

const rules: string[] = [];
let before = 0;
let after = 0;
for (const face of faces) {
  const source = await readFile(path.join(path.dirname(packageCss), face.file));
  const font = await subsetFont(source, charactersOf(face.unicodeRange), { targetFormat: 'woff2', variationAxes: { wght: weights } });
  await writeFile(path.join(outputDir, `cairo-${face.subset}.woff2`), font);
  before += source.byteLength;
  after += font.byteLength;
  rules.push(faceRule('Cairo Variable', face));
  // The same file under a family of its own: Arabic pages paint with it alone (web/app/app.css).
  if (face.subset === 'arabic') rules.push(faceRule('Cairo Arabic', face));
}
rules.push(fallbackFace(faces.find((face) => face.subset === 'latin')?.unicodeRange));
await writeFile(path.join(outputDir, 'cairo.css'), `/* Written by npm run fonts:build. */\n${rules.join('\n\n')}\n`);
console.log(
  `fonts:build: ${faces.length} subsets, ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB in ${Math.round(performance.now() - started)} ms`,
);
