/**
 * Where to go after signing in: the admin page asked for before (`?next=`),
 * only ever a path of the admin itself (never another site), else the dashboard.
 */
export function returnPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

/** The sign-in page's address that leads back to `path` (a path under the admin, with its query). */
export function signInPath(path: string): string {
  return path === '/' ? '/login' : `/login?next=${encodeURIComponent(path)}`;
}
