import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { ItemPicture } from '../../web/app/pictures/ItemPicture';

/** What a card shows: the photo in the lightest format the phone reads, or a placeholder that says so. */
describe('ItemPicture', () => {
  const image = { src: '/images/catalogue/charrue-3-socs.webp', width: 1280, height: 800 };

  test('a photo: AVIF, then WebP, in two widths, with its size reserved, lazy below the fold', () => {
    const html = renderToStaticMarkup(<ItemPicture image={image} alt="Charrue 3 socs" />);
    expect(html).toContain(
      '<source type="image/avif" srcSet="/images/catalogue/charrue-3-socs-640.avif 640w, /images/catalogue/charrue-3-socs.avif 1280w"',
    );
    expect(html).toContain('<source type="image/webp" srcSet="/images/catalogue/charrue-3-socs-640.webp 640w, /images/catalogue/charrue-3-socs.webp 1280w"');
    expect(html).toMatch(/<img src="\/images\/catalogue\/charrue-3-socs.webp" alt="Charrue 3 socs" width="1280" height="800" loading="lazy"/);
  });

  test('the first card of a page loads its photo at once, with priority', () => {
    const html = renderToStaticMarkup(<ItemPicture image={image} alt="Charrue 3 socs" priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  test('no photo yet: a drawing, named for screen readers and marked "photo coming soon"', () => {
    const html = renderToStaticMarkup(<ItemPicture alt="قرص" />);
    expect(html).toContain('role="img" aria-label="قرص: الصورة قريبًا"');
    expect(html).not.toContain('alt="قرص"');
  });

  test('no photo yet: the drawing of the item\'s kind, a file of the site (no code in the page)', () => {
    const crawler = renderToStaticMarkup(<ItemPicture alt="TG50" placeholder="crawler-tractor" />);
    const sprayer = renderToStaticMarkup(<ItemPicture alt="Pulvérisateur" placeholder="sprayer" />);
    expect(crawler).toContain('<img src="/drawings/crawler-tractor.svg" alt=""');
    expect(sprayer).toContain('<img src="/drawings/sprayer.svg" alt=""');
  });

  test('no photo yet, a card never in a phone\'s first screen: the HTML holds the drawing in a <noscript> (fetched once the page has started, shown with scripts off)', () => {
    const below = renderToStaticMarkup(<ItemPicture alt="Pièces détachées" placeholder="part" drawingAfterFirstPaint />);
    expect(below).toMatch(/<noscript><img src="\/drawings\/part.svg" alt="" loading="lazy"[^>]*\/><\/noscript>/);
    expect(below.replace(/<noscript>.*<\/noscript>/, '')).not.toContain('<img');
    expect(below).toContain('role="img" aria-label="Pièces détachées: ');
  });

  test('no photo yet, other cards: the drawing is an image of the page, lazy (the browser fetches it when near the screen)', () => {
    const html = renderToStaticMarkup(<ItemPicture alt="DI75 4x2" placeholder="wheeled-tractor" />);
    expect(html).toMatch(/<img src="\/drawings\/wheeled-tractor.svg" alt="" loading="lazy"/);
    expect(html).not.toContain('<noscript>');
  });

  test('a picture of the staff\'s library: the one file, lazy, in the same frame, named by the item', () => {
    const html = renderToStaticMarkup(<ItemPicture pictureUrl="/media/0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f.webp" alt="Sonalika DI75" />);
    expect(html).toMatch(/^<img src="\/media\/0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f.webp" alt="Sonalika DI75" loading="lazy"/);
    expect(html).toContain('aspect-[8/5]');
    expect(html).not.toContain('role="img"');
  });
});
