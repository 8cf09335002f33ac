import { useState } from 'react';
import { searchWords } from '../../../shared/text/search-text';
import { useLocalize } from '../../shared/i18n/language';
import { adminText } from '../texts';
import { inputClass } from './styles';

export interface Choice {
  value: string;
  label: string;
}

interface NamedChoiceProps {
  id: string;
  /** The field's name, for its search box ("Search: Catalogue entry"). */
  name: string;
  value: string | undefined;
  choices: readonly Choice[];
  /** The first option, for no choice; absent when one must be chosen. */
  none?: string;
  onChange(value: string | undefined): void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/** Beyond this many choices, a search box narrows them. */
const searchFrom = 8;

/**
 * A choice from a named list, in the staff's language, never a code to
 * type: a list (the phone's own picker, the keyboard's) with, for a long
 * one, a search box above that keeps the choices whose words begin with
 * what is typed, accents, Arabic letter forms and digits aside
 * (shared/text/search-text.ts). The choice made stays listed whatever the
 * search; a value the list does not name (written before, since removed)
 * is listed as it is.
 */
export function NamedChoice({ id, name, value, choices, none, onChange, disabled, invalid, describedBy }: NamedChoiceProps) {
  const localize = useLocalize();
  const [search, setSearch] = useState('');
  const typed = searchWords(search);
  const matches = (choice: Choice) => {
    const words = searchWords(choice.label);
    return typed.every((part) => words.some((word) => word.startsWith(part)));
  };
  const known = value === undefined || value === '' || choices.some((choice) => choice.value === value);
  const all = known ? choices : [...choices, { value: value!, label: value! }];
  const shown = all.filter((choice) => choice.value === value || matches(choice));
  return (
    <div className="grid gap-2">
      {choices.length > searchFrom && (
        <input
          type="search"
          aria-label={localize(adminText.searchIn(name))}
          aria-controls={id}
          value={search}
          disabled={disabled}
          onChange={(event) => setSearch(event.target.value)}
          className={inputClass}
        />
      )}
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        className={inputClass}
      >
        {(none !== undefined || !value) && <option value="">{none ?? ''}</option>}
        {shown.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {typed.length > 0 && shown.length === 0 && <p className="text-sm text-ink-muted">{localize(adminText.noMatch)}</p>}
    </div>
  );
}
