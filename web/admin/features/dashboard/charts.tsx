import type { ReactNode } from 'react';
import { useLanguage } from '../../../shared/i18n/language';

/**
 * Small charts drawn in SVG, readable on a 360 px phone and mirrored in
 * Arabic (bars grow from the right, days run from right to left). Each
 * figure's picture is hidden from screen readers, which read its table
 * instead: the same numbers, as a caption, headers and rows.
 */

/** Fill and legend colours of a chart's series, in order; each pair is the same colour. */
export const seriesColours = [
  { fill: 'fill-brand-700', swatch: 'bg-brand-700' },
  { fill: 'fill-harvest-500', swatch: 'bg-harvest-500' },
  { fill: 'fill-sky-700', swatch: 'bg-sky-700' },
  { fill: 'fill-violet-600', swatch: 'bg-violet-600' },
  { fill: 'fill-stone-500', swatch: 'bg-stone-500' },
  { fill: 'fill-danger-700', swatch: 'bg-danger-700' },
] as const;

export function colourOf(index: number) {
  return seriesColours[index % seriesColours.length]!;
}

/** A chart and its table, under one title. */
export function ChartFigure({ title, chart, table }: { title: string; chart: ReactNode; table: ReactNode }) {
  return (
    <figure className="min-w-0 rounded-card border border-line bg-white p-4 shadow-sm">
      <figcaption className="mb-3 text-lg font-bold text-brand-900">{title}</figcaption>
      <div aria-hidden="true">{chart}</div>
      {table}
    </figure>
  );
}

/** A table only screen readers read: the figure's numbers, with the figure's title as caption. */
export function FigureTable({ caption, headings, rows }: { caption: string; headings: string[]; rows: (string | number)[][] }) {
  // Hidden by its box: a table is as wide as its cells whatever its own width says.
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface Bar {
  label: string;
  value: number;
  /** The value as read ("1 h 20 min"). */
  shown: string;
  fill: string;
}

/** Horizontal bars, the label and value above each, scaled to `max`. */
export function BarChart({ bars, max }: { bars: Bar[]; max: number }) {
  const rtl = useLanguage() === 'ar';
  return (
    <ul className="grid gap-2.5" data-chart="bars">
      {bars.map((bar, i) => {
        const width = max > 0 ? (bar.value / max) * 100 : 0;
        return (
          <li key={i}>
            <div className="flex justify-between gap-2 text-sm">
              <span className="min-w-0 wrap-anywhere">{bar.label}</span>
              <span className="shrink-0 font-semibold tabular-nums">{bar.shown}</span>
            </div>
            <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="mt-1 block h-3 w-full rounded-sm bg-stone-100">
              <rect x={rtl ? 100 - width : 0} y="0" width={width} height="10" className={bar.fill} />
            </svg>
          </li>
        );
      })}
    </ul>
  );
}

export interface ColumnSeries {
  label: string;
  /** One count per column. */
  values: number[];
  fill: string;
}

const columnSlot = 10;
const columnsHeight = 100;

/** Columns stacked by series, one per day, oldest first (on the left, or on the right in Arabic). */
export function StackedColumns({ series, columns }: { series: ColumnSeries[]; columns: number }) {
  const rtl = useLanguage() === 'ar';
  const totals = Array.from({ length: columns }, (_, i) => series.reduce((sum, { values }) => sum + (values[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const width = columns * columnSlot;
  const rects: ReactNode[] = [];
  for (let i = 0; i < columns; i++) {
    const x = rtl ? width - (i + 1) * columnSlot + 1.5 : i * columnSlot + 1.5;
    let top = columnsHeight;
    series.forEach(({ values, fill }, s) => {
      const height = ((values[i] ?? 0) / max) * columnsHeight;
      if (height === 0) return;
      top -= height;
      rects.push(<rect key={`${i}-${s}`} x={x} y={top} width={columnSlot - 3} height={height} className={fill} />);
    });
  }
  return (
    <svg viewBox={`0 0 ${width} ${columnsHeight}`} preserveAspectRatio="none" className="block h-40 w-full border-b border-line" data-chart="columns">
      <line x1="0" x2={width} y1="0.5" y2="0.5" className="stroke-line" strokeDasharray="2 2" vectorEffect="non-scaling-stroke" />
      {rects}
    </svg>
  );
}

/** The series' names beside their colours. */
export function Legend({ items }: { items: { label: string; swatch: string }[] }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {items.map(({ label, swatch }) => (
        <li key={label} className="flex items-center gap-1.5">
          <span className={`inline-block size-3 rounded-sm ${swatch}`} />
          {label}
        </li>
      ))}
    </ul>
  );
}
