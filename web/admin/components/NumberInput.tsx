import { useState, type InputHTMLAttributes } from 'react';
import { inputClass } from './styles';

type NumberInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & {
  value: number;
  /** NaN while what is typed is not a number: saved as such, the API refuses it with the field's message. */
  onChange(value: number): void;
  /** Whole numbers only (a price), or decimals too (a map position). */
  decimals?: boolean;
};

/**
 * A number as staff type it. A number input would turn an emptied field
 * into 0 (and the next digit typed after it into "05"), or a lone minus sign
 * into nothing; here the field keeps exactly what is typed.
 */
export function NumberInput({ value, onChange, decimals = false, className = inputClass, ...input }: NumberInputProps) {
  const [typed, setTyped] = useState(String(value));
  const parse = (text: string) => (/^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN);
  // A change made elsewhere (a reset, another draft) shows; while it is the number typed, the text stays as typed.
  const shown = Object.is(parse(typed), value) ? typed : Number.isNaN(value) ? typed : String(value);
  return (
    <input
      {...input}
      type="text"
      inputMode={decimals ? 'decimal' : 'numeric'}
      dir="ltr"
      value={shown}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange(parse(event.target.value));
      }}
      className={className}
    />
  );
}
