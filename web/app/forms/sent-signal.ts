/**
 * Tells the page's confirmation that an order was just sent, so that it shows
 * itself again where the farmer is, also when it was already on the page
 * (a second order, "Add Another").
 */
const sent = new EventTarget();

export function signalSent() {
  sent.dispatchEvent(new Event('sent'));
}

export function onSent(listener: () => void): () => void {
  sent.addEventListener('sent', listener);
  return () => sent.removeEventListener('sent', listener);
}
