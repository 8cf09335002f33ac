/**
 * npm run share-image — draws the picture shown when a page is shared on
 * Facebook or WhatsApp (1200×630 JPEG, web/public/share.jpg) with Chromium,
 * from the site's own mark and names. Run it again when those change.
 */
import path from 'node:path';
import { launchBrowser } from '../tests/support/browser';
import { repoRoot } from '../infra/paths';
import { siteText } from '../shared/content/site-text';
import { readFile } from 'node:fs/promises';

const logo = await readFile(path.join(repoRoot, 'web/public/favicon.svg'), 'utf8');
const html = `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; width: 1200px; height: 630px; display: flex; align-items: center; gap: 56px; padding: 0 80px;
         box-sizing: border-box; background: linear-gradient(135deg, #14532d, #052e16); color: #fff;
         font-family: 'Cairo Variable', 'Noto Sans Arabic', 'DejaVu Sans', sans-serif; }
  .logo svg { width: 220px; height: 220px; }
  h1 { margin: 0; font-size: 64px; line-height: 1.2; }
  p { margin: 16px 0 0; font-size: 36px; color: #dcfce7; }
  .bar { margin-top: 32px; height: 10px; width: 240px; background: #fbbf24; border-radius: 5px; }
</style></head><body><div class="logo">${logo}</div><div>
  <h1 dir="rtl">${siteText.siteTitle.ar}</h1><p>${siteText.siteTitle.fr}</p><p>${siteText.siteTitle.en}</p><div class="bar"></div>
</div></body></html>`;

const browser = await launchBrowser({ width: 1200, height: 630 });
try {
  const { page } = await browser.newPage();
  await page.setContent(html);
  await page.screenshot({ path: path.join(repoRoot, 'web/public/share.jpg'), type: 'jpeg', quality: 85 });
} finally {
  await browser.close();
}
console.log('web/public/share.jpg written');
