import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ProductInput } from '../../../../shared/admin-api';
import type { FieldSchema, FormData } from '../../../../shared/forms/form-schema';
import type { Language } from '../../../../shared/languages';
import type { Product } from '../../../../shared/products';
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
import { productTemplates, productWidgets } from './product-form-theme';
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

function ProductEditor({ product }: { product?: Product }) {
  const language = useLanguage();
  const localize = useLocalize();
  const navigate = useNavigate();
  const save = useSaveProduct(product?.productId);
  // An empty name object, so that each missing name shows at its own field.
  const [formData, setFormData] = useState<FormData>(() => (product ? { ...productInput(product) } : { name: {}, available: true, featured: false }));
  const uiSchema = useMemo(() => productUiSchema(language), [language]);
  const formContext: ProductFormContext = { pictureUrl: product?.pictureUrl };
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
        onChange={(event) => setFormData(event.formData ?? {})}
        onSubmit={(event) =>
          save.mutate(event.formData as unknown as ProductInput, {
            onSuccess: (saved) => void navigate('/products', { state: { saved: localize(saved.name) } }),
          })
        }
      >
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
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  for (const [name, field] of Object.entries(schema.properties as Record<string, FieldSchema>)) {
    uiSchema[name] = fieldUiSchema(field, name, language);
    if ((field['x-widget'] as string | undefined) === 'media') uiSchema[name]['ui:widget'] = 'MediaWidget';
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
