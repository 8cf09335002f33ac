/**
 * A tap that lands before React has taken over the prerendered page would do
 * nothing, and on a slow phone the scripts arrive a second or more after the
 * page shows. The page records the last button tapped until then (an inline
 * script in <head>); the app taps it again once it is in charge.
 */

declare global {
  interface Window {
    /** Set just before hydration: from then on React sees (and replays) taps itself. */
    __reactTakesTaps?: boolean;
    __earlyTap?: HTMLElement;
  }
}

/** Inline in every page's <head>, before anything can be tapped. */
export const recordEarlyTaps = `addEventListener('click', function (event) {
  var button = event.target instanceof Element && event.target.closest('button[type=button]');
  if (button && !window.__reactTakesTaps) window.__earlyTap = button;
}, true);`;

export function stopRecordingTaps() {
  window.__reactTakesTaps = true;
}

/** After hydration: performs the tap the visitor made too early, if its button is still there. */
export function replayEarlyTap() {
  const button = window.__earlyTap;
  window.__earlyTap = undefined;
  if (button?.isConnected) button.click();
}
