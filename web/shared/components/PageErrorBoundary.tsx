import { Component, type ReactNode } from 'react';
import { useLocalize } from '../i18n/language';
import { useSiteText } from '../content/content';

interface PageErrorBoundaryProps {
  children: ReactNode;
  /** The current address: moving to another page clears the error. */
  resetKey: string;
}

/**
 * Keeps the site's frame when a page fails, typically its code not arriving
 * on a weak connection: the visitor reads why, in their language, and can
 * load the page again (the address already names it).
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, { failed: boolean; resetKey: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: PageErrorBoundaryProps, state: { resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <PageLoadFailed /> : this.props.children;
  }
}

function PageLoadFailed() {
  const siteText = useSiteText();
  const localize = useLocalize();
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-lg font-medium text-danger-700">{localize(siteText.pageLoadFailed.text)}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 inline-flex min-h-12 items-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
      >
        {localize(siteText.pageLoadFailed.retry)}
      </button>
    </div>
  );
}
