import { useId } from 'react';
import { languages, textDirection, type Localized } from '../../../../shared/languages';
import { inputClass, labelClass } from '../../components/styles';
import { FieldProblem, messagesAt, problemAttributes, useProblems } from './problems';

/**
 * One text in the three languages, side by side on a desk, one under the
 * other on a phone. `value` is the text as it will be published; `typed`,
 * what staff wrote, and only that is passed on: a language emptied stays
 * empty while being typed, showing greyed the text published in its place,
 * and a language never touched keeps following its default. `place` is where
 * the text is in the draft: a problem found there shows under the fields,
 * a language's own under that language.
 */
export function TextFields({
  label,
  value,
  typed,
  place,
  onChange,
}: {
  label: string;
  value: Localized;
  typed: Partial<Localized> | undefined;
  place?: string;
  onChange(typed: Partial<Localized>): void;
}) {
  const id = useId();
  const problems = useProblems(place);
  // A problem of the whole text (none written) shows under it, and marks its first field.
  const whole = messagesAt(problems, place);
  return (
    <fieldset>
      <legend className={labelClass}>{label}</legend>
      <div className="grid gap-2 md:grid-cols-3">
        {languages.map((code, index) => {
          const own = messagesAt(problems, place && `${place}.${code}`);
          return (
            <div key={code}>
              <label>
                <span className="text-sm font-medium">{code.toUpperCase()}</span>
                <input
                  dir={textDirection(code)}
                  lang={code}
                  value={typed?.[code] ?? value[code]}
                  placeholder={value[code]}
                  onChange={(event) => onChange({ ...typed, [code]: event.target.value })}
                  className={inputClass}
                  {...problemAttributes(index === 0 && whole.length > 0 && `${id}-whole`, own.length > 0 && `${id}-${code}`)}
                />
              </label>
              <FieldProblem id={`${id}-${code}`} messages={own} />
            </div>
          );
        })}
      </div>
      <FieldProblem id={`${id}-whole`} messages={whole} />
    </fieldset>
  );
}
