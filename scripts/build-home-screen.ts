/**
 * npm run home-screen:build — the web app manifests (one per language) and
 * their icons, drawn from the dealer's mark (web/public/favicon.svg) in the
 * design's colours (web/shared/theme.css): 192 and 512 px PNGs, the same drawn to
 * the edges for launchers that cut their own shape (maskable), and the
 * 180 px apple-touch-icon. Written into web/public (git-ignored), which the
 * web build copies. See web/app/home-screen.ts.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { siteText } from '../shared/content/site-text';
import { languages, textDirection, type Language } from '../shared/languages';
import { appIcons, appleTouchIconPath, manifestPath } from '../web/app/home-screen';
import { adminIcons, adminManifestPath, adminStartUrl } from '../web/admin/home-screen';
import { adminText } from '../web/admin/texts';
import { repoRoot } from '../infra/paths';

const publicDir = path.join(repoRoot, 'web/public');
const started = performance.now();

const theme = await readFile(path.join(repoRoot, 'web/shared/theme.css'), 'utf8');
const colour = (name: string) => {
  const value = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(theme)?.[1];
  if (!value) throw new Error(`web/shared/theme.css has no --color-${name}`);
  return value;
};
// The sticky header's green (the pages' theme-color) and the pages' background.
const colours = { theme: colour('brand-800'), background: colour('surface'), admin: colour('ink') };

/** The manifest of one language. */
const webAppManifest = (language: Language) => ({
  // One app whatever the language it was added in.
  id: '/',
  name: siteText.siteTitle[language],
  short_name: siteText.brand[language],
  description: siteText.siteDescription[language],
  lang: language,
  dir: textDirection(language),
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: colours.theme,
  background_color: colours.background,
  icons: appIcons.map(({ src, size, purpose }) => ({ src, sizes: `${size}x${size}`, type: 'image/png', purpose })),
});

const mark = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8');
const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(mark)![1]!;
/**
 * The 40-unit mark inside a square `margin` units wider on each side, the
 * square filled with the mark's green: nothing transparent at the edges.
 */
const fullBleed = (margin: number, fill = colours.theme) => {
  const side = 40 + 2 * margin;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-margin} ${-margin} ${side} ${side}"><rect x="${-margin}" y="${-margin}" width="${side}" height="${side}" fill="${fill}"/>${inner}</svg>`;
};
/** The staff admin's: the mark on the dark ink, so that a phone's home screen tells it from the site. */
const adminDrawings = { any: fullBleed(4, colours.admin), maskable: fullBleed(8, colours.admin) };

/** The admin's manifest of one language: an app of its own, opening on the inbox. */
const adminManifest = (language: Language) => ({
  id: '/admin',
  name: `${adminText.title[language]} · ${siteText.brand[language]}`,
  short_name: adminText.title[language],
  lang: language,
  dir: textDirection(language),
  start_url: adminStartUrl,
  scope: '/admin',
  display: 'standalone',
  theme_color: colours.admin,
  background_color: colours.background,
  icons: adminIcons.map(({ src, size, purpose }) => ({ src, sizes: `${size}x${size}`, type: 'image/png', purpose })),
});

const drawings = {
  any: mark,
  // The wheat ear and the field stay within the central circle of 80 % that every launcher keeps.
  maskable: fullBleed(6),
  // iOS rounds the corners itself and shows no transparency.
  appleTouch: fullBleed(4),
};

/**
 * The mark has a handful of colours: a 16-colour palette keeps its edges
 * smooth at a third of the bytes (the 192 px icon: 1.3 KB instead of 4.3 KB).
 * Chromium fetches the manifest and that icon while the page loads, beside
 * the font the first paint waits for: every byte here counts on a weak line.
 */
const png = (svg: string, size: number, file: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 40 })
    .resize(size, size)
    .png({ palette: true, colours: 16, compressionLevel: 9, effort: 10 })
    .toFile(path.join(publicDir, file));

/**
 * `/favicon.ico`, which browsers still ask for where no page names an icon
 * (a bookmark, robots.txt, a file): one 32 px PNG in an ICO container.
 */
const faviconIco = async () => {
  const image = await sharp(Buffer.from(mark), { density: (72 * 32) / 40 }).resize(32, 32).png({ compressionLevel: 9 }).toBuffer();
  const header = Buffer.alloc(22);
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(32, 6); // width
  header.writeUInt8(32, 7); // height
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18); // where the image starts
  await writeFile(path.join(publicDir, 'favicon.ico'), Buffer.concat([header, image]));
};

await mkdir(path.join(publicDir, 'icons'), { recursive: true });
await Promise.all([
  ...appIcons.map(({ src, size, purpose }) => png(drawings[purpose], size, src)),
  png(drawings.appleTouch, 180, appleTouchIconPath),
  faviconIco(),
  ...languages.map((language) =>
    writeFile(path.join(publicDir, manifestPath(language)), JSON.stringify(webAppManifest(language))),
  ),
  ...adminIcons.map(({ src, size, purpose }) => png(adminDrawings[purpose], size, src)),
  ...languages.map((language) => writeFile(path.join(publicDir, adminManifestPath(language)), JSON.stringify(adminManifest(language)))),
]);
console.log(
  `home-screen:build: ${appIcons.length + adminIcons.length + 2} icons and ${2 * languages.length} manifests (the site's, the admin's) in ${Math.round(performance.now() - started)} ms`,
);
