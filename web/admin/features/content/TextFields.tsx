import { languages, textDirection, type Localized } from '../../../../shared/languages';
import { inputClass, labelClass } from '../../components/styles';

/** One text in the three languages, side by side on a desk, one under the other on a phone. */
export function TextFields({ label, value, onChange }: { label: string; value: Localized; onChange(value: Localized): void }) {
  return (
    <fieldset>
      <legend className={labelClass}>{label}</legend>
      <div className="grid gap-2 md:grid-cols-3">
        {languages.map((code) => (
          <label key={code}>
            <span className="text-sm font-medium">{code.toUpperCase()}</span>
            <input dir={textDirection(code)} lang={code} value={value[code]} onChange={(event) => onChange({ ...value, [code]: event.target.value })} className={inputClass} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
