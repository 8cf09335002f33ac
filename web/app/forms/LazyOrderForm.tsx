import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useLocalize } from '../../shared/i18n/language';
import { useSiteContentLoader, useSiteText } from '../../shared/content/content';
import type { OrderFormProps } from './OrderForm';

let pending: Promise<ComponentType<OrderFormProps>> | undefined;

/** Loads the form chunk once; call it on intent (hover, focus) to have it ready on click. */
export function preloadOrderForm(): Promise<ComponentType<OrderFormProps>> {
  pending ??= import('./OrderForm').then(
    (module) => module.default,
    (error: unknown) => {
      pending = undefined; // a later click retries, e.g. once the network is back
      throw error;
    },
  );
  return pending;
}

/** The order form, fetched on first use so that it costs nothing on first paint. */
export function LazyOrderForm(props: OrderFormProps) {
  const siteText = useSiteText();
  const localize = useLocalize();
  const loadSiteContent = useSiteContentLoader();
  const [Loaded, setLoaded] = useState<{ Component: ComponentType<OrderFormProps> } | 'failed'>();

  useEffect(() => {
    let active = true;
    // The form's code and its texts as published (which the page may not carry), side by side.
    Promise.all([preloadOrderForm(), loadSiteContent()]).then(
      ([Component]) => active && setLoaded({ Component }),
      () => active && setLoaded('failed'),
    );
    return () => {
      active = false;
    };
  }, [loadSiteContent]);

  if (Loaded === 'failed') {
    return (
      <p role="alert" className="rounded-lg bg-danger-50 p-3 font-medium text-danger-700">
        {localize(siteText.form.loadFailed)}
      </p>
    );
  }
  // With scripts off it never loads: the page's notice says so instead (components/ScriptsOffNotice.tsx).
  const loading = <p className="py-8 text-center text-ink-muted noscript:hidden">{localize(siteText.form.loading)}</p>;
  if (!Loaded) return loading;
  // Should the form read another part of the content not yet here, it waits in place: the page stays as it is.
  return (
    <Suspense fallback={loading}>
      <Loaded.Component {...props} />
    </Suspense>
  );
}
