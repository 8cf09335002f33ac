import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

/**
 * A phone-sized photo (4000×3000 JPEG at quality 0.9, about 3.7 MB), drawn in
 * the page: sky and ground, grass-like texture and sensor grain, and a
 * nameplate with small print, the detail a dealer must still read. At
 * 1,600 px it weighs about 340 KB as a JPEG of quality 0.8.
 */
export async function phonePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext('2d')!;
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const sky = context.createLinearGradient(0, 0, 0, 3000);
    sky.addColorStop(0, '#8fb3d9');
    sky.addColorStop(0.45, '#d8d2c0');
    sky.addColorStop(1, '#5b4a33');
    context.fillStyle = sky;
    context.fillRect(0, 0, 4000, 3000);
    context.lineWidth = 3;
    for (let i = 0; i < 400_000; i++) {
      const [x, y] = [random() * 4000, 1300 + random() * 1700];
      context.strokeStyle = `rgb(${(80 + random() * 90) | 0},${(70 + random() * 80) | 0},${(30 + random() * 50) | 0})`;
      context.beginPath();
      context.moveTo(x, y);
      context.lineTo(x + (random() - 0.5) * 30, y - random() * 40);
      context.stroke();
    }
    context.fillStyle = '#9aa0a6';
    context.fillRect(1200, 900, 1600, 1000);
    context.fillStyle = '#111';
    context.font = 'bold 110px sans-serif';
    context.fillText('PERKINS 1104D-44T', 1280, 1080);
    context.font = '70px monospace';
    ['SERIAL NO U317283N', 'PART 4132F061 PUMP', 'MADE IN UK 2011'].forEach((line, i) => context.fillText(line, 1280, 1260 + i * 130));
    const pixels = context.getImageData(0, 0, 4000, 3000);
    for (let i = 0; i < pixels.data.length; i += 4) {
      const grain = (random() - 0.5) * 14;
      for (let channel = 0; channel < 3; channel++) pixels.data[i + channel]! += grain;
    }
    context.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

/** Drops files on an element as a browser does when files are dragged from the desktop onto it. */
export async function dropFiles(page: Page, selector: string, files: { name: string; path: string; type: string }[]): Promise<void> {
  const payload = await Promise.all(files.map(async ({ name, path, type }) => ({ name, type, base64: (await readFile(path)).toString('base64') })));
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const { name, type, base64 } of items) transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }));
    return transfer;
  }, payload);
  await page.locator(selector).dispatchEvent('drop', { dataTransfer });
}
