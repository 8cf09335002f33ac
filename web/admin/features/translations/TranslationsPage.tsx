import { useLocalize } from '../../../app/i18n/language';
import { PageHeading } from '../../components/PageHeading';
import { adminText } from '../../texts';

/** /admin/translations: linked from the dashboard (spec 000); editing the texts is another piece of work. */
export default function TranslationsPage() {
  const localize = useLocalize();
  return (
    <>
      <PageHeading title={localize(adminText.translations.title)} />
      <p className="max-w-prose">{localize(adminText.translations.later)}</p>
    </>
  );
}
