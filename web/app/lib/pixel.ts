/**
 * The advertising pixel (Meta). Configured by an ID at build time
 * (VITE_PIXEL_ID); without one there is no script and no call. It loads once
 * the page is idle, so it never competes with the page itself.
 */
type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[][]; loaded?: boolean; version?: string; callMethod?: unknown };

interface PixelHost {
  window: Window & { fbq?: Fbq; _fbq?: Fbq };
  document: Document;
}

export interface Pixel {
  start(): void;
  pageView(): void;
  /** After a spare-part order: what was asked for, and through which form. */
  submitApplication(contentName: string, contentCategory: string): void;
}

const scriptUrl = 'https://connect.facebook.net/en_US/fbevents.js';

export function createPixel(id: string | undefined, host: () => PixelHost): Pixel {
  let fbq: Fbq | undefined;
  const call = (...args: unknown[]) => fbq?.(...args);

  return {
    start() {
      if (!id || fbq) return;
      const { window, document } = host();
      // The vendor's loader, without its inline script: a queue that the real script drains.
      const queue: Fbq = (...args: unknown[]) => void queue.queue!.push(args);
      queue.queue = [];
      queue.loaded = true;
      queue.version = '2.0';
      window.fbq = window._fbq = fbq = queue;
      const script = document.createElement('script');
      script.async = true;
      script.src = scriptUrl;
      document.head.append(script);
      call('init', id);
      call('track', 'PageView');
    },
    pageView() {
      call('track', 'PageView');
    },
    submitApplication(contentName, contentCategory) {
      call('track', 'SubmitApplication', {
        content_name: contentName,
        content_category: contentCategory,
        value: 1,
        currency: 'DZD',
      });
    },
  };
}

export const pixel = createPixel(import.meta.env.VITE_PIXEL_ID, () => ({ window, document }));

/** Starts the pixel when the browser is idle after load. */
export function startPixelWhenIdle() {
  const start = () => pixel.start();
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 2000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
