/**
 * A notice at the bottom of the screen, wherever the farmer is on the site,
 * for orders kept on the phone: saved, then sent. It is a status region that
 * exists before its text changes, so screen readers read each change.
 */
let region: HTMLElement | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

const shownMs = 12_000;

export function showNotice(text: string, problem = false) {
  if (!region) {
    // A region added with its text already in it is not always read out: the text comes a moment later.
    region = createRegion();
    setTimeout(() => showNotice(text, problem), 100);
    return;
  }
  region.textContent = text;
  region.dataset.problem = String(problem);
  region.hidden = false;
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => {
    if (region) region.hidden = true;
  }, shownMs);
}

function createRegion(): HTMLElement {
  const element = document.createElement('p');
  element.setAttribute('role', 'status');
  element.id = 'outbox-notice';
  element.className =
    'fixed inset-x-3 bottom-3 z-50 mx-auto max-w-xl rounded-xl border border-brand-200 bg-success-50 p-4 font-medium text-success-700 shadow-lg data-[problem=true]:bg-danger-50 data-[problem=true]:text-danger-700';
  document.body.append(element);
  return element;
}
