import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdminProduct, ProductInput } from '../../../../shared/admin-api';
import type { FieldSchema, FormData } from '../../../../shared/forms/form-schema';
import type { Language } from '../../../../shared/languages';
import { localizedErrors } from '../../../shared/forms/error-messages';
import type { FormModule } from '../../../shared/forms/form-modules';
import { fieldUiSchema } from '../../../shared/forms/ui-schema';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { AdminApiError } from '../../api/client';
import { isAdmin, useSession } from '../../auth/session';
import { ErrorMessage, Loading } from '../../components/feedback';
import { PageHeading } from '../../components/PageHeading';
import { buttonClass, cardClass } from '../../components/styles';
import { adminText } from '../../texts';
import type { ProductFormContext } from './MediaWidget';
import { formatPriceDzd } from '../../../shared/lib/format';
import { catalogueEntries } from './catalogue-names';
import { choiceFields, productTemplates, productWidgets, type ChoiceContext } from './product-form-theme';
import { productInput, useProducts, useSaveProduct } from './products-api';

/** shared/product-schema.json and its validator, precompiled by forms:build like the order forms'. */
const [productForm] = Object.values(import.meta.glob<FormModule>('../../generated/product-form.js', { eager: true }));
if (!productForm) throw new Error('web/admin/generated/product-form.js is missing: run npm run forms:build');
const { schema } = productForm;
const validator = createPrecompiledValidator<FormData, RJSFSchema>(productForm.validators, schema);

const text = adminText.products;

/** /admin/products/new and /admin/products/{productId}: the product editor, a form of the product schema. */
export default function ProductEditorPage() {
  const { productId } = useParams();
  const localize = useLocalize();
  const session = useSession();
  const products = useProducts();
  const product = productId ? products.data?.find((item) => item.productId === productId) : undefined;
  const title = localize(productId ? text.edit : text.new);

  if (!isAdmin(session)) {
    return (
      <>
        <PageHeading title={title} />
        <p>{localize(text.adminsOnly)}</p>
      </>
    );
  }
  if (productId && products.isPending) return <Loading />;
  if (productId && !product) {
    return (
      <>
        <PageHeading title={title} />
        <ErrorMessage>{products.error?.message ?? localize(text.notFound)}</ErrorMessage>
        <BackLink />
      </>
    );
  }
  return (
    <>
      <BackLink />
      <PageHeading title={product ? `${title}: ${localize(product.name)}` : title} />
      <ProductEditor key={productId ?? 'new'} product={product} />
    </>
  );
}

function BackLink() {
  const localize = useLocalize();
  return (
    <Link to="/products" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline">
      {localize(text.title)}
    </Link>
  );
}

function ProductEditor({ product }: { product?: AdminProduct }) {
  const language = useLanguage();
  const localize = useLocalize();
  const navigate = useNavigate();
  const save = useSaveProduct(product?.productId);
  // An empty name object, so that each missing name shows at its own field.
  const [formData, setFormData] = useState<FormData>(() => (product ? { ...productInput(product) } : { name: {}, available: true, featured: false }));
  const uiSchema = useMemo(() => productUiSchema(language), [language]);
  const formContext: ProductFormContext & ChoiceContext = { pictureUrl: product?.pictureUrl, category: typeof formData.category === 'string' ? formData.category : undefined };
  const failure = save.error instanceof AdminApiError ? save.error : undefined;

  return (
    <div className={`${cardClass} max-w-3xl`}>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={formData}
        formContext={formContext}
        templates={productTemplates}
        widgets={productWidgets}
        transformErrors={localizedErrors(schema, language)}
        extraErrors={failure && fieldErrors(failure)}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        onError={() => undefined}
        disabled={save.isPending}
        onChange={(event) => setFormData((before) => withEntryPlace(before, event.formData ?? {}))}
        onSubmit={(event) =>
          save.mutate(event.formData as unknown as ProductInput, {
            onSuccess: (saved) => void navigate('/products', { state: { saved: localize(saved.name) } }),
          })
        }
      >
        {typeof formData.catalogueEntry === 'string' && <EntryOnSite product={product?.catalogueEntry === formData.catalogueEntry ? product : undefined} />}
        {save.error && (
          <ErrorMessage>
            {save.error.message}
            {typeof failure?.body?.reason === 'string' && `: ${failure.body.reason}`}
          </ErrorMessage>
        )}
        <button type="submit" disabled={save.isPending} className={`${buttonClass} mt-2`}>
          {localize(save.isPending ? adminText.saving : product ? text.saveChanges : text.create)}
        </button>
      </Form>
    </div>
  );
}

/** Labels, help and widgets per language from the schema's `x-` annotations, the picture from the media library. */
function productUiSchema(language: Language): UiSchema {
  // The catalogue entry first: choosing one fills in where the product is filed and ordered.
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true }, 'ui:order': ['catalogueEntry', 'category', 'subcategory', 'path', '*'] };
  for (const [name, field] of Object.entries(schema.properties as Record<string, FieldSchema>)) {
    uiSchema[name] = fieldUiSchema(field, name, language);
    if ((field['x-widget'] as string | undefined) === 'media') uiSchema[name]['ui:widget'] = 'MediaWidget';
    if (Object.hasOwn(choiceFields, name)) uiSchema[name]['ui:widget'] = choiceFields[name];
  }
  return uiSchema;
}

/** The API's refusal of fields (`fields: [{ field, message }]`), shown at those fields. */
function fieldErrors(error: AdminApiError): ErrorSchema | undefined {
  const fields = error.body?.fields;
  if (!Array.isArray(fields)) return undefined;
  const errors: Record<string, { __errors: string[] }> = {};
  for (const { field, message } of fields as { field: string; message: string }[]) {
    if (!field) continue;
    (errors[field] ??= { __errors: [] }).__errors.push(message);
  }
  return errors as ErrorSchema;
}

/** A catalogue entry just chosen files the product where the entry is, and orders it on the entry's page. */
function withEntryPlace(before: FormData, after: FormData): FormData {
  if (after.catalogueEntry === before.catalogueEntry || typeof after.catalogueEntry !== 'string') return after;
  const chosen = catalogueEntries.find((choice) => choice.value === after.catalogueEntry);
  if (!chosen) return after;
  const { subcategory: _subcategory, ...rest } = after;
  return { ...rest, category: chosen.category, path: chosen.path, ...(chosen.subcategory && { subcategory: chosen.subcategory }) };
}

/** What the site shows of the catalogue entry the product shows, and what the catalogue's draft would change. */
function EntryOnSite({ product }: { product?: AdminProduct }) {
  const localize = useLocalize();
  const language = useLanguage();
  const draft = product?.entry?.draft;
  const yesNo = (value: boolean | undefined) => localize(value === false ? adminText.no : adminText.yes);
  const mark = (value: string) => <mark className="ms-1 rounded bg-amber-100 px-1 text-ink">{localize(text.inDraft(value))}</mark>;
  return (
    <div className="mb-4 rounded-lg border border-line bg-brand-50 p-3">
      <p>{localize(text.entryHelp)}</p>
      {product && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-medium">{localize(text.name)}</dt>
          <dd className="wrap-anywhere">
            {localize(product.name)}
            {draft?.name && mark(localize(draft.name))}
          </dd>
          <dt className="font-medium">{localize(text.price)}</dt>
          <dd>
            {product.priceDzd !== undefined && formatPriceDzd(product.priceDzd, language)}
            {draft?.priceDzd !== undefined && mark(formatPriceDzd(draft.priceDzd, language))}
          </dd>
          <dt className="font-medium">{localize(text.available)}</dt>
          <dd>
            {yesNo(product.available)}
            {draft?.available !== undefined && mark(yesNo(draft.available))}
          </dd>
          <dt className="font-medium">{localize(text.onSite)}</dt>
          <dd>
            {localize(product.entry?.hidden ? text.hiddenOnSite : text.shownOnSite)}
            {draft?.hidden !== undefined && mark(localize(draft.hidden ? text.hiddenOnSite : text.shownOnSite))}
          </dd>
        </dl>
      )}
    </div>
  );
}
