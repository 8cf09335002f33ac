/**
 * A language switch link in the HTML names the page's path only
 * (`/en/forms/part-truck?lang=en`): the page was rendered before anyone
 * opened it with a query string or a hash. Tapped before the scripts have
 * run, the link takes the address's own parameters and hash along, as the
 * hydrated switch does (components/LanguageSwitch.tsx). Inline in every
 * page's <head>, so it costs no request.
 */
export const keepAddressOnEarlySwitch = `addEventListener('click', function (event) {
  var link = event.target instanceof Element && event.target.closest('a[hreflang]');
  if (!link || window.__reactTakesTaps) return;
  var kept = location.search.slice(1).split('&').filter(function (part) { return part && part.split('=')[0] !== 'lang'; });
  link.search = '?' + kept.concat('lang=' + link.hreflang).join('&');
  link.hash = location.hash;
}, true);`;
