/** The green confirmation shown on a list page after an order was sent. */
export function SuccessBanner({ message }: { message: string }) {
  return (
    <div
      role="status"
      className="mb-6 flex items-center gap-3 rounded-xl border border-brand-200 bg-success-50 p-4 font-medium text-success-700"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 shrink-0" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="M5 13l4 4L19 7" />
      </svg>
      <p>{message}</p>
    </div>
  );
}
