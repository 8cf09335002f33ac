import type { ReactNode } from 'react';

/** A table's column headings; `first` goes before them (a "select all" box). */
export function TableHead({ headings, first }: { headings: string[]; first?: ReactNode }) {
  return (
    <thead className="border-b border-line bg-brand-50 text-sm">
      <tr>
        {first}
        {headings.map((heading) => (
          <th key={heading} scope="col" className="p-3 text-start font-semibold">
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}
