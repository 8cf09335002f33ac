import { Modal } from '../../shared/components/Modal';
import { useLocalize } from '../../shared/i18n/language';
import { adminText } from '../texts';
import { dangerButtonClass, secondaryButtonClass } from './styles';

/** "Delete …?" in a dialog (focus kept inside, Escape cancels), before anything is deleted. */
export function ConfirmDelete({ question, onConfirm, onCancel }: { question?: string; onConfirm(): void; onCancel(): void }) {
  const localize = useLocalize();
  return (
    <Modal open={question !== undefined} title={localize(adminText.delete)} onClose={onCancel}>
      <p className="mb-4">{question}</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={onConfirm} className={dangerButtonClass}>
          {localize(adminText.delete)}
        </button>
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          {localize(adminText.cancel)}
        </button>
      </div>
    </Modal>
  );
}
