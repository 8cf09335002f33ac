// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createPixel } from '../../web/app/lib/pixel';

const host = () => ({ window, document });
const pixelScripts = () => document.querySelectorAll('script[src*="connect.facebook.net"]');

describe('advertising pixel', () => {
  it('without an id: no script and no calls', () => {
    const pixel = createPixel(undefined, host);
    pixel.start();
    pixel.pageView();
    pixel.submitApplication('Filtre à huile', 'part-truck');
    expect(pixelScripts()).toHaveLength(0);
    expect((window as { fbq?: unknown }).fbq).toBeUndefined();
  });

  it('with an id: loads the script once, sends PageView, then SubmitApplication with value 1 DZD', () => {
    const pixel = createPixel('123456789', host);
    pixel.start();
    pixel.start();
    pixel.pageView();
    pixel.submitApplication('Sonalika DI75 4x4', 'part-wheeled-tractor');

    expect(pixelScripts()).toHaveLength(1);
    const queue = (window as unknown as { fbq: { queue: unknown[][] } }).fbq.queue;
    expect(queue).toEqual([
      ['init', '123456789'],
      ['track', 'PageView'],
      ['track', 'PageView'],
      [
        'track',
        'SubmitApplication',
        { content_name: 'Sonalika DI75 4x4', content_category: 'part-wheeled-tractor', value: 1, currency: 'DZD' },
      ],
    ]);
  });
});
