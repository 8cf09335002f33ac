import { useLocalize } from '../../../shared/i18n/language';
import { secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';

/** Prints the order on one A4 page: what was sent, its photos and its contact, without the admin's menus and forms. */
export function PrintOrder() {
  const localize = useLocalize();
  return (
    <button type="button" onClick={() => window.print()} className={`${secondaryButtonClass} ms-auto print:hidden`}>
      {localize(adminText.order.print)}
    </button>
  );
}
