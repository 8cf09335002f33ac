/** Class names of the admin's controls, defined once. */
export const buttonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-brand-700 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60';
export const dangerButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-danger-700 bg-white px-4 font-semibold text-danger-700 hover:bg-danger-50 disabled:opacity-60';
export const inputClass =
  'block w-full min-h-11 rounded-lg border border-line bg-white px-3 py-2 text-base text-ink aria-invalid:border-danger-700 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/30';
export const labelClass = 'mb-1 block font-medium';
export const cardClass = 'rounded-card border border-line bg-white p-4 shadow-sm';
