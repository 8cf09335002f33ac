import type { ObjectFieldTemplateProps, RegistryWidgetsType, TemplatesType, WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { templates, widgets } from '../../../shared/forms/theme';
import { MediaWidget } from './MediaWidget';

/**
 * The order forms' templates (web/shared/forms/theme.tsx) with what the product
 * editor adds: a group per language (names, descriptions) in a fieldset,
 * tick boxes, and the picture picked from the media library.
 */

function ObjectFieldTemplate({ properties, title, fieldPathId }: ObjectFieldTemplateProps) {
  const content = properties.map((property) => property.content);
  if (fieldPathId.path.length === 0) return <>{content}</>;
  return (
    <fieldset className="mb-4 rounded-lg border border-line p-3">
      <legend className="px-1 font-semibold">{title}</legend>
      {content}
    </fieldset>
  );
}

function CheckboxWidget(props: WidgetProps) {
  return (
    <label className="flex min-h-11 items-center gap-3 font-medium">
      <input
        id={props.id}
        name={props.htmlName ?? props.id}
        type="checkbox"
        checked={props.value === true}
        disabled={props.disabled || props.readonly}
        onChange={(event) => props.onChange(event.target.checked)}
        onBlur={() => props.onBlur(props.id, props.value)}
        onFocus={() => props.onFocus(props.id, props.value)}
        aria-describedby={ariaDescribedByIds(props.id)}
        className="size-5 accent-brand-700"
      />
      {props.label}
    </label>
  );
}

export const productTemplates: Partial<TemplatesType> = { ...templates, ObjectFieldTemplate };
export const productWidgets: RegistryWidgetsType = { ...widgets, CheckboxWidget, MediaWidget };
