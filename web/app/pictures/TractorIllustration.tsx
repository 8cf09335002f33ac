/** Drawn stand-in for a tractor photo: light, sharp at any size, and clearly not a real photo. */
export function TractorIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 200" role="presentation" aria-hidden="true" className={className}>
      <rect width="320" height="200" fill="#ecfdf3" />
      <rect y="160" width="320" height="40" fill="#d9f0dc" />
      <g fill="#166534">
        <rect x="70" y="70" width="120" height="50" rx="6" />
        <rect x="150" y="30" width="60" height="60" rx="6" fill="#15803d" />
        <rect x="160" y="40" width="40" height="30" rx="3" fill="#dcfce7" />
        <rect x="40" y="95" width="60" height="30" rx="4" />
        <rect x="88" y="52" width="8" height="22" fill="#4b5a4f" />
      </g>
      <circle cx="215" cy="140" r="42" fill="#1c2a1f" />
      <circle cx="215" cy="140" r="18" fill="#fbbf24" />
      <circle cx="70" cy="150" r="26" fill="#1c2a1f" />
      <circle cx="70" cy="150" r="10" fill="#fbbf24" />
    </svg>
  );
}
