import { useLocalize } from '../../../shared/i18n/language';
import { adminText } from '../../texts';
import { DraftPage } from './DraftPage';
import { TranslationsEditor } from './TranslationsEditor';

/** /admin/translations: the site's interface texts in Arabic, French and English. */
export default function TranslationsPage() {
  const localize = useLocalize();
  return (
    <DraftPage title={localize(adminText.translations.title)} previewPath="/">
      {(draft, change, content, { showPreview }) => <TranslationsEditor draft={draft} change={change} formTexts={content.formTexts} showPreview={showPreview} />}
    </DraftPage>
  );
}
