/** The flag ./outbox.ts sets while orders wait on the phone (kept here so that a visit without any loads none of its code). */
const outboxFlag = 'outbox';

/**
 * What the site does for weak networks once the page has loaded and is idle,
 * outside the first load: orders kept on the phone from an earlier visit
 * leave now.
 */
export function afterFirstPaint() {
  const start = () => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
    idle(() => {
      if (localStorage.getItem(outboxFlag)) void import('./outbox').then(({ flushOutbox }) => flushOutbox());
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
