import { Link } from 'react-router';

/** "Back" link to the parent page; the arrow follows the reading direction. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-12 items-center gap-2 rounded-lg px-3 font-medium text-brand-800 hover:bg-brand-50"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 rtl:rotate-180" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M15 18l-6-6 6-6" />
      </svg>
      {label}
    </Link>
  );
}
