import { useLocalize } from '../../../shared/i18n/language';
import { ErrorMessage, StatusMessage } from '../../components/feedback';
import { secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import type { InboxFilter } from './order-filter';
import { useExportOrders } from './orders-api';

const text = adminText.orders;

/** The current filter as a CSV file: written by the API, downloaded from the short-lived link it answers. */
export function ExportOrders({ filter }: { filter: InboxFilter }) {
  const localize = useLocalize();
  const exported = useExportOrders();

  const start = () =>
    exported.mutate(filter, {
      // The link answers with Content-Disposition: attachment, so the page stays where it is.
      onSuccess: ({ downloadUrl }) => window.location.assign(downloadUrl),
    });

  return (
    <div>
      <button type="button" onClick={start} disabled={exported.isPending} className={secondaryButtonClass}>
        {localize(exported.isPending ? text.exporting : text.export)}
      </button>
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
