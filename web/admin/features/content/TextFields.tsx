import { languages, textDirection, type Localized } from '../../../../shared/languages';
import { inputClass, labelClass } from '../../components/styles';

/**
 * One text in the three languages, side by side on a desk, one under the
 * other on a phone. `value` is the text as it will be published; `typed`,
 * what staff wrote, and only that is passed on: a language emptied stays
 * empty while being typed, showing greyed the text published in its place,
 * and a language never touched keeps following its default.
 */
export function TextFields({
  label,
  value,
  typed,
  onChange,
}: {
  label: string;
  value: Localized;
  typed: Partial<Localized> | undefined;
  onChange(typed: Partial<Localized>): void;
}) {
  return (
    <fieldset>
      <legend className={labelClass}>{label}</legend>
      <div className="grid gap-2 md:grid-cols-3">
        {languages.map((code) => (
          <label key={code}>
            <span className="text-sm font-medium">{code.toUpperCase()}</span>
            <input
              dir={textDirection(code)}
              lang={code}
              value={typed?.[code] ?? value[code]}
              placeholder={value[code]}
              onChange={(event) => onChange({ ...typed, [code]: event.target.value })}
              className={inputClass}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
