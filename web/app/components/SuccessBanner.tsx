import { useEffect, useRef, useState } from 'react';
import { onSent } from '../forms/sent-signal';

/**
 * The green confirmation shown after an order was sent. It brings itself to
 * the middle of the screen (clear of the sticky header, wherever the farmer
 * had scrolled) and takes the focus, so a screen reader reads it out.
 */
export function SuccessBanner({ message }: { message: string }) {
  const banner = useRef<HTMLDivElement>(null);
  // Each send renders again with the page's own updates, so the banner shows after them.
  const [sends, setSends] = useState(0);
  useEffect(() => onSent(() => setSends((count) => count + 1)), []);

  useEffect(() => {
    // After the frame: a closing dialog first gives the focus back to the button that opened it.
    const frame = requestAnimationFrame(() => {
      banner.current?.focus({ preventScroll: true });
      banner.current?.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [sends]);

  return (
    <div
      ref={banner}
      role="status"
      tabIndex={-1}
      className="mb-6 flex items-center gap-3 rounded-xl border border-brand-200 bg-success-50 p-4 font-medium text-success-700 outline-none"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 shrink-0" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="M5 13l4 4L19 7" />
      </svg>
      <p>{message}</p>
    </div>
  );
}
