/** The dealer's mark: a wheat ear over a field, drawn inline so it costs no request. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className}>
      <rect width="40" height="40" rx="10" fill="#166534" />
      <path d="M8 30c6-3 18-3 24 0" stroke="#fbbf24" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <path d="M20 28V10" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <path
        d="M20 14c-3-1-5-3-5-6 3 0 5 2 5 5zm0 0c3-1 5-3 5-6-3 0-5 2-5 5zm0 6c-3-1-5-3-5-6 3 0 5 2 5 5zm0 0c3-1 5-3 5-6-3 0-5 2-5 5z"
        fill="#fff"
      />
    </svg>
  );
}
