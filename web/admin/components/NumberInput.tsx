import { useState, type InputHTMLAttributes } from 'react';
import { locales, type Language } from '../../../shared/languages';
import { readWholeNumber } from '../../../shared/text/whole-number';
import { useLanguage } from '../../shared/i18n/language';
import { inputClass } from './styles';

type NumberInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & {
  /** The number, or the text staff typed while it is not one. */
  value: number | string;
  /**
   * The number typed, or the text itself when it says no number: kept as it
   * is, so that the check (the admin's, then the API's) names the field.
   */
  onChange(value: number | string): void;
  /** Whole numbers only (a price), or decimals too (a map position). */
  decimals?: boolean;
};

/**
 * A number as people type it: a whole number with spaces, dots or commas
 * between the thousands, a currency after it, Arabic-Indic digits
 * (shared/text/whole-number.ts); a decimal with a point or a comma. While the
 * field has the focus it keeps exactly what is typed (a number input would
 * turn an emptied field into 0); once left, it shows the number formatted in
 * the staff's language ("3 250 000", "3,250,000", "3.250.000").
 */
export function NumberInput({ value, onChange, decimals = false, className = inputClass, onFocus, onBlur, ...input }: NumberInputProps) {
  const language = useLanguage();
  const [typed, setTyped] = useState<string>();
  const shown = typed ?? (typeof value === 'number' ? formatNumber(value, decimals, language) : value);
  return (
    <input
      {...input}
      type="text"
      inputMode={decimals ? 'decimal' : 'numeric'}
      dir="ltr"
      value={shown}
      onFocus={(event) => {
        setTyped(shown);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setTyped(undefined);
        onBlur?.(event);
      }}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange(decimals ? readDecimal(event.target.value) : (readWholeNumber(event.target.value) ?? event.target.value));
      }}
      className={className}
    />
  );
}

/** A decimal with a point or a comma, Arabic-Indic digits too; the text itself when it is none. */
function readDecimal(text: string): number | string {
  const latin = text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf)).replace(/[\u066b,]/, '.').trim();
  return /^-?\d+(\.\d+)?$/.test(latin) ? Number(latin) : text;
}

function formatNumber(value: number, decimals: boolean, language: Language): string {
  // Decimals stay as the machine writes them: a map position is copied from and to other tools.
  return decimals ? String(value) : new Intl.NumberFormat(locales[language], { maximumFractionDigits: 0 }).format(value);
}
