import type { ExportFormat } from '../../../../shared/admin-api';
import { useLocalize } from '../../../shared/i18n/language';
import { ErrorMessage, StatusMessage } from '../../components/feedback';
import { secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import type { InboxFilter } from './order-filter';
import { useExportOrders } from './orders-api';

const text = adminText.orders;

/**
 * The orders as a spreadsheet file, CSV or Excel: those selected when some
 * are, else every order of the current filter and search. The API writes the
 * file; it downloads from the short-lived link the API answers.
 */
export function ExportOrders({ filter, selected }: { filter: InboxFilter; selected: string[] }) {
  const localize = useLocalize();
  const exported = useExportOrders();

  const start = (format: ExportFormat) =>
    exported.mutate(selected.length > 0 ? { format, orderIds: selected } : { format, filter }, {
      // The link answers with Content-Disposition: attachment, so the page stays where it is.
      onSuccess: ({ downloadUrl }) => window.location.assign(downloadUrl),
    });

  return (
    <div>
      <div role="group" aria-label={localize(selected.length > 0 ? text.exportSelected(selected.length) : text.exportAll)} className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{localize(selected.length > 0 ? text.exportSelected(selected.length) : text.exportAll)}</span>
        {(['xlsx', 'csv'] as const).map((format) => (
          <button key={format} type="button" onClick={() => start(format)} disabled={exported.isPending} className={secondaryButtonClass}>
            {localize(text.exportFormats[format])}
          </button>
        ))}
      </div>
      {exported.isPending && <p className="mt-1 text-sm text-ink-muted">{localize(text.exporting)}</p>}
      {exported.error && <ErrorMessage>{exported.error.message}</ErrorMessage>}
      <StatusMessage>
        {exported.data && (
          <>
            {localize(text.exported(exported.data.filename, exported.data.rows))}{' '}
            <a href={exported.data.downloadUrl} className="underline">
              {localize(text.downloadAgain)}
            </a>
          </>
        )}
      </StatusMessage>
    </div>
  );
}
