import { useEffect, useRef, type ReactNode } from 'react';
import { useLocalize } from '../i18n/language';
import { useSiteText } from '../content/content';

interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * A native <dialog>: focus is trapped and Escape closes it for free. A click
 * on the backdrop (the dialog element itself, outside its panel) closes it too.
 */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const siteText = useSiteText();
  const dialog = useRef<HTMLDialogElement>(null);
  const localize = useLocalize();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="modal-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
      className="m-auto w-[min(100%-1.5rem,32rem)] max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-card bg-white p-0 text-ink shadow-2xl"
    >
      {open && (
        <div className="p-5 sm:p-6">
          <div className="mb-4 flex items-start gap-3">
            <h2 id="modal-title" className="text-xl font-bold text-brand-900">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="ms-auto flex size-12 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-brand-50"
            >
              <span className="sr-only">{localize(siteText.close)}</span>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
