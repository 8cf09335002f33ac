import { orderStatusLabels, type OrderStats, type ResponseTimes } from '../../../../shared/admin-api';
import { locales, type Language } from '../../../../shared/languages';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { formatMinutes } from '../../components/format';
import { adminText } from '../../texts';
import { BarChart, ChartFigure, colourOf, FigureTable, Legend, StackedColumns, type Bar } from './charts';
import { useOrderStats } from './stats-api';

const text = adminText.orderStats;

/** The dashboard's figures of the inbox: how fast the office answers, orders per day, the wilayas, won and lost. */
export function OrderStatsPanel() {
  const localize = useLocalize();
  const stats = useOrderStats();
  return (
    <section aria-labelledby="order-stats" className="mt-8">
      <h2 id="order-stats" className="mb-4 text-xl font-bold text-brand-900">
        {localize(text.title)}
      </h2>
      {stats.data ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <ResponseTimesFigure stats={stats.data} />
          <OrdersPerDayFigure stats={stats.data} />
          <WilayasFigure stats={stats.data} />
          <OutcomesFigure stats={stats.data} />
        </div>
      ) : (
        <p>{stats.isError ? localize(adminText.anError) : '…'}</p>
      )}
    </section>
  );
}

function ResponseTimesFigure({ stats }: { stats: OrderStats }) {
  const localize = useLocalize();
  const language = useLanguage();
  const { thisWeek, lastWeek } = stats.responseTimes;
  const weeks = [
    { name: localize(text.thisWeek), times: thisWeek, fill: colourOf(0) },
    { name: localize(text.lastWeek), times: lastWeek, fill: colourOf(4) },
  ];
  const shown = (minutes: number | undefined) => (minutes === undefined ? localize(text.noAnswer) : formatMinutes(minutes, language));
  const measures = [
    { name: localize(text.half), of: (times: ResponseTimes) => times.medianMinutes },
    { name: localize(text.nineInTen), of: (times: ResponseTimes) => times.p90Minutes },
  ];
  const max = Math.max(0, ...weeks.flatMap(({ times }) => measures.map((measure) => measure.of(times) ?? 0)));
  const title = localize(text.responseTitle);
  return (
    <ChartFigure
      title={title}
      chart={
        <>
          <p className="mb-3 text-sm text-ink-muted">{localize(text.responseHelp)}</p>
          {measures.map((measure) => (
            <div key={measure.name} className="mb-3">
              <p className="mb-1 font-semibold">{measure.name}</p>
              <BarChart
                max={max}
                bars={weeks.map((week): Bar => ({ label: week.name, value: measure.of(week.times) ?? 0, shown: shown(measure.of(week.times)), fill: week.fill.fill }))}
              />
            </div>
          ))}
          <ul className="text-sm text-ink-muted">
            {weeks.map((week) => (
              <li key={week.name}>
                {week.name}: {localize(text.answered)} {count(week.times.answered, language)} · {localize(text.unanswered)} {count(week.times.unanswered, language)}
              </li>
            ))}
          </ul>
        </>
      }
      table={
        <FigureTable
          caption={`${title} (${localize(text.responseHelp)})`}
          headings={[text.week, text.half, text.nineInTen, text.answered, text.unanswered].map((heading) => localize(heading))}
          rows={weeks.map((week) => [
            `${week.name} (${day(week.times.from, language)})`,
            shown(week.times.medianMinutes),
            shown(week.times.p90Minutes),
            week.times.answered,
            week.times.unanswered,
          ])}
        />
      }
    />
  );
}

function OrdersPerDayFigure({ stats }: { stats: OrderStats }) {
  const localize = useLocalize();
  const language = useLanguage();
  const title = localize(text.perDayTitle);
  const totals = stats.days.map((_, i) => stats.forms.reduce((sum, form) => sum + (form.counts[i] ?? 0), 0));
  const series = stats.forms.map((form, i) => ({ label: form.title, values: form.counts, fill: colourOf(i).fill }));
  return (
    <ChartFigure
      title={title}
      chart={
        stats.forms.length === 0 ? (
          <p>{localize(text.nothingYet)}</p>
        ) : (
          <>
            <p className="mb-1 text-sm text-ink-muted">{localize(text.mostInADay(count(Math.max(...totals), language)))}</p>
            <StackedColumns series={series} columns={stats.days.length} />
            <div className="mt-1 flex justify-between text-sm text-ink-muted">
              <span>{day(stats.days[0]!, language)}</span>
              <span>{day(stats.days.at(-1)!, language)}</span>
            </div>
            <Legend items={stats.forms.map((form, i) => ({ label: form.title, swatch: colourOf(i).swatch }))} />
          </>
        )
      }
      table={
        <FigureTable
          caption={title}
          headings={[localize(text.day), ...stats.forms.map((form) => form.title), localize(text.total)]}
          rows={stats.days.map((date, i) => [day(date, language), ...stats.forms.map((form) => form.counts[i] ?? 0), totals[i]!])}
        />
      }
    />
  );
}

function WilayasFigure({ stats }: { stats: OrderStats }) {
  const localize = useLocalize();
  const language = useLanguage();
  const title = localize(text.wilayasTitle);
  const max = Math.max(0, ...stats.wilayas.map((wilaya) => wilaya.count));
  return (
    <ChartFigure
      title={title}
      chart={
        stats.wilayas.length === 0 ? (
          <p>{localize(text.nothingYet)}</p>
        ) : (
          <BarChart max={max} bars={stats.wilayas.map((wilaya) => ({ label: wilaya.label, value: wilaya.count, shown: count(wilaya.count, language), fill: colourOf(2).fill }))} />
        )
      }
      table={<FigureTable caption={title} headings={[localize(text.wilaya), localize(text.orders)]} rows={stats.wilayas.map((wilaya) => [wilaya.label, wilaya.count])} />}
    />
  );
}

function OutcomesFigure({ stats }: { stats: OrderStats }) {
  const localize = useLocalize();
  const language = useLanguage();
  const title = localize(text.outcomesTitle);
  const outcomes = [
    { label: localize(orderStatusLabels.won), value: stats.outcomes.won, fill: colourOf(0).fill },
    { label: localize(orderStatusLabels.lost), value: stats.outcomes.lost, fill: colourOf(4).fill },
  ];
  return (
    <ChartFigure
      title={title}
      chart={<BarChart max={Math.max(...outcomes.map((outcome) => outcome.value))} bars={outcomes.map((outcome) => ({ ...outcome, shown: count(outcome.value, language) }))} />}
      table={<FigureTable caption={title} headings={[localize(text.result), localize(text.orders)]} rows={outcomes.map((outcome) => [outcome.label, outcome.value])} />}
    />
  );
}

function count(value: number, language: Language): string {
  return new Intl.NumberFormat(locales[language]).format(value);
}

/** A `YYYY-MM-DD` day as staff read it ("26 nov."). */
function day(date: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}
