import type { ObjectFieldTemplateProps, RegistryWidgetsType, TemplatesType, WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { templates, widgets } from '../../../shared/forms/theme';
import type { Localized } from '../../../../shared/languages';
import { useLocalize } from '../../../shared/i18n/language';
import { NamedChoice } from '../../components/NamedChoice';
import { adminText } from '../../texts';
import { catalogueEntries, categoryChoices, orderPages, subcategoriesOf } from './catalogue-names';
import { MediaWidget } from './MediaWidget';

/**
 * The order forms' templates (web/shared/forms/theme.tsx) with what the product
 * editor adds: a group per language (names, descriptions) in a fieldset,
 * tick boxes, the picture picked from the media library, and the catalogue
 * entry, category, sub-list and order page chosen from named lists.
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

/** What the editor tells the choice widgets: the category chosen (its sub-lists depend on it). */
export interface ChoiceContext {
  category?: string;
}

/** A field chosen from one of the catalogue's named lists (./catalogue-names.ts) rather than typed. */
function choiceWidget(choicesOf: (props: WidgetProps) => readonly { value: string; label: Localized }[], none?: Localized) {
  return function ChoiceWidget(props: WidgetProps) {
    const localize = useLocalize();
    return (
      <NamedChoice
        id={props.id}
        name={props.label}
        value={typeof props.value === 'string' ? props.value : undefined}
        choices={choicesOf(props).map((choice) => ({ value: choice.value, label: localize(choice.label) }))}
        none={none && localize(none)}
        disabled={props.disabled || props.readonly}
        invalid={(props.rawErrors?.length ?? 0) > 0}
        describedBy={ariaDescribedByIds(props.id)}
        onChange={(value) => props.onChange(value ?? props.options.emptyValue)}
      />
    );
  };
}

const choiceWidgets = {
  CatalogueEntryWidget: choiceWidget(() => catalogueEntries, adminText.products.manualEntry),
  CategoryWidget: choiceWidget(() => categoryChoices),
  SubcategoryWidget: choiceWidget((props) => subcategoriesOf((props.registry.formContext as ChoiceContext | undefined)?.category), adminText.products.noChoice),
  OrderPageWidget: choiceWidget(() => orderPages),
};

export const productTemplates: Partial<TemplatesType> = { ...templates, ObjectFieldTemplate };
export const productWidgets: RegistryWidgetsType = { ...widgets, CheckboxWidget, MediaWidget, ...choiceWidgets };

/** The widget each chosen field takes. */
export const choiceFields: Record<string, keyof typeof choiceWidgets> = {
  catalogueEntry: 'CatalogueEntryWidget',
  category: 'CategoryWidget',
  subcategory: 'SubcategoryWidget',
  path: 'OrderPageWidget',
};
