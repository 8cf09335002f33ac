import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { splitPageLanguage } from '../../shared/page-language';
import { siteContent } from '../shared/content/content';
import { App } from './App';
import { readContentScript } from './content/content-script';
import { keepEarlierChoice } from '../shared/i18n/language-choice';
import { BrowserLanguageRouter } from './i18n/LanguageRouter';
import { stopRecordingTaps } from './lib/early-taps';
import { afterFirstPaint } from './offline/after-first-paint';
import { loadNotFoundPage, loadPage } from './page-routes';

// Marked by completePage (page-shell.ts) on the page served for addresses without their own HTML.
const fallback = window.__spaFallback === true;
// Staff's changes to what the page shows, carried by the page itself: the same texts and prices as its HTML, nothing fetched.
const content = readContentScript(document);
// A prerendered page hydrates with its code already here, so nothing flickers (the fallback page shows the not-found page).
await (fallback ? loadNotFoundPage() : loadPage(splitPageLanguage(window.location.pathname).path));
keepEarlierChoice();

// In a transition, hydration works in short slices and never blocks a tap for long.
stopRecordingTaps();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <BrowserLanguageRouter>
        <App fallback={fallback} content={content} />
      </BrowserLanguageRouter>
    </StrictMode>,
  );
});

// The parts of the content this page does not carry, ready for the pages and forms opened from it.
afterFirstPaint(() => {
  if (content.parts) void siteContent().catch(() => undefined);
});
