import { describe, expect, it } from 'vitest';
import { sitePath } from '../../shared/site-address';

describe('a picture’s address on the site', () => {
  it.each([
    ['http://127.0.0.1:8080/media/3f1a.png', '/media/3f1a.png'],
    ['http://localhost:8080/photos/order/images-1.webp', '/photos/order/images-1.webp'],
    ['https://d111111abcdef8.cloudfront.net/media/3f1a.jpg?v=2', '/media/3f1a.jpg?v=2'],
    ['/images/media/3f1a.webp', '/images/media/3f1a.webp'],
  ])('%s is shown at %s, on whichever name the page was opened at', (stored, shown) => {
    expect(sitePath(stored)).toBe(shown);
  });

  it.each(['//evil.example/x.png', 'data:image/png;base64,AAAA', 'not an address'])('%s is left as it is', (address) => {
    expect(sitePath(address)).toBe(address);
  });
});
