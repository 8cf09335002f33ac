import type { RegistryWidgetsType, TemplatesType, WidgetProps, FieldTemplateProps, ObjectFieldTemplateProps } from '@rjsf/utils';
import { ariaDescribedByIds, errorId, helpId } from '@rjsf/utils';
import { useState, type ChangeEvent } from 'react';
import { readWholeNumber } from '../../../shared/text/whole-number';
import { ImagesWidget } from './images/ImagesWidget';

/**
 * The site's own RJSF templates and widgets: plain HTML styled with Tailwind,
 * logical properties only, so the same markup works left-to-right and
 * right-to-left. RJSF's default markup expects Bootstrap and is not used.
 */
const controlClass =
  'block w-full min-h-12 rounded-lg border border-line bg-white px-3 py-2 text-base text-ink ' +
  '[&[readonly]]:bg-brand-50 [&[readonly]]:text-brand-900 disabled:bg-brand-50 ' +
  'aria-invalid:border-danger-700 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

function FieldTemplate({ id, label, required, children, rawErrors, rawHelp, hidden, displayLabel, readonly, schema }: FieldTemplateProps) {
  if (hidden) return <div className="hidden">{children}</div>;
  if (schema.type === 'object') return <>{children}</>;
  const errors = rawErrors?.filter(Boolean) ?? [];
  return (
    <div className="mb-4">
      {displayLabel && (
        <label htmlFor={id} className="mb-1 block font-medium">
          {label}
          {required && !readonly && (
            <span aria-hidden="true" className="ms-1 text-danger-700">
              *
            </span>
          )}
        </label>
      )}
      {children}
      {rawHelp && (
        <p id={helpId(id)} className="mt-1 text-sm text-ink-muted">
          {rawHelp}
        </p>
      )}
      {errors.length > 0 && (
        <ul id={errorId(id)} className="mt-1 text-sm font-medium text-danger-700">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return <>{properties.map((property) => property.content)}</>;
}

/** Turns an emptied control back into "no value", as RJSF expects. */
function changeValue(props: WidgetProps) {
  return (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    props.onChange(event.target.value === '' ? props.options.emptyValue : event.target.value);
}

function commonProps(props: WidgetProps) {
  return {
    id: props.id,
    name: props.htmlName ?? props.id,
    required: props.required,
    disabled: props.disabled,
    'aria-invalid': (props.rawErrors?.length ?? 0) > 0 || undefined,
    'aria-describedby': ariaDescribedByIds(props.id),
    onBlur: () => props.onBlur(props.id, props.value),
    onFocus: () => props.onFocus(props.id, props.value),
    onChange: changeValue(props),
    className: controlClass,
  };
}

function BaseInputTemplate(props: WidgetProps) {
  if (props.schema.type === 'integer') return <WholeNumberInput {...props} />;
  const inputType = (props.options.inputType as string | undefined) ?? props.type ?? 'text';
  return (
    <input
      {...commonProps(props)}
      type={inputType}
      dir={inputType === 'tel' || inputType === 'email' ? 'ltr' : undefined}
      inputMode={inputType === 'tel' ? 'tel' : undefined}
      readOnly={props.readonly}
      placeholder={props.placeholder}
      autoComplete={props.autocomplete}
      value={props.value ?? ''}
    />
  );
}

/**
 * A whole number (a year, a quantity): a text box with the digits keypad (a
 * number box's spinner and keyboard do not suit it). What the farmer typed
 * stays on screen, Arabic-Indic digits included (`٢٠١٨`), while the form
 * holds the number it reads as (`readWholeNumber`, as the API reads it);
 * text that is no number is kept for validation to refuse.
 */
function WholeNumberInput(props: WidgetProps) {
  const [typed, setTyped] = useState<string>();
  const shown = typed !== undefined && (readWholeNumber(typed) ?? typed) === props.value ? typed : String(props.value ?? '');
  return (
    <input
      {...commonProps(props)}
      onChange={(event) => {
        const text = event.target.value;
        setTyped(text);
        props.onChange(text.trim() === '' ? props.options.emptyValue : (readWholeNumber(text) ?? text));
      }}
      type="text"
      inputMode="numeric"
      readOnly={props.readonly}
      placeholder={props.placeholder}
      autoComplete={props.autocomplete}
      value={shown}
    />
  );
}

/**
 * A field the page fixed (the item ordered): read-only, showing the text the
 * visitor reads (`ui:options.shownValue`, in the visitor's language) while the
 * form keeps, validates and sends its value.
 */
function FixedValueWidget(props: WidgetProps) {
  const shown = props.options.shownValue;
  return <input {...commonProps(props)} type="text" readOnly value={typeof shown === 'string' ? shown : (props.value ?? '')} />;
}

function TextareaWidget(props: WidgetProps) {
  return (
    <textarea
      {...commonProps(props)}
      rows={3}
      readOnly={props.readonly}
      placeholder={props.placeholder}
      value={props.value ?? ''}
    />
  );
}

function SelectWidget(props: WidgetProps) {
  const options = props.options.enumOptions ?? [];
  return (
    <select {...commonProps(props)} disabled={props.disabled || props.readonly} value={props.value ?? ''}>
      <option value="">{props.placeholder}</option>
      {options.map(({ value, label }) => (
        <option key={String(value)} value={String(value)}>
          {label}
        </option>
      ))}
    </select>
  );
}

export const templates: Partial<TemplatesType> = { FieldTemplate, ObjectFieldTemplate, BaseInputTemplate };
export const widgets: RegistryWidgetsType = { TextareaWidget, SelectWidget, ImagesWidget, FixedValueWidget };
