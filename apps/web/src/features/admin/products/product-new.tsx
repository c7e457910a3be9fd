import { ADMIN_ROUTES, adminProductPath } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { PRODUCT_MESSAGES } from '@outpost/contracts/products';
import { type FormEvent, useRef, useState } from 'react';
import { refusedFields } from '../../../components/form/field-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { Link, useNavigate } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import type { ArrivalNotice } from '../components/arrival-notice';
import { CheckboxField } from '../components/checkbox-field';
import { PRODUCTION_TITLE, useConfirmDialog } from '../components/confirm-dialog';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { useCreateProduct } from './api/create-product';
import { ReleaseDateField } from './components/release-date-field';
import { VarietiesEditor } from './components/varieties-editor';
import { checkNewProduct, type NewProductDraft, newProductDraft } from './product-form';
import { createFailureMessage } from './save-failure';

/**
 * The create screen (docs/product.md §2.11), for those who may create products; a moderator is told they
 * may only look.
 */
export default function ProductNew() {
  const { environment, capabilities } = useAdminAccessContext();
  return (
    <section className={`page ${adminStyles.screen}`} aria-labelledby="product-new-title">
      <h1 id="product-new-title">Create Product</h1>
      <p className={adminStyles.lead}>
        A new product in {environment}, created Inactive.{' '}
        <Link to={ADMIN_ROUTES.adminProducts}>Back to the products</Link>
      </p>
      {capabilities.manageProducts ? (
        // A new environment starts a new form: nothing typed for one is created in another.
        <NewProductForm key={environment} environment={environment} />
      ) : (
        <ReadOnlyNotice>Your role may view products but not create them.</ReadOnlyNotice>
      )}
    </section>
  );
}

function NewProductForm({ environment }: { environment: Environment }) {
  const [draft, setDraft] = useState<NewProductDraft>(newProductDraft);
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const creating = useRef(false);
  const create = useCreateProduct(environment);
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirmDialog();
  const set = <Field extends keyof NewProductDraft>(field: Field, value: NewProductDraft[Field]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (creating.current) return;
    const checked = checkNewProduct(draft);
    if (!checked.ok) {
      refuse(checked.message, checked.fields);
      return;
    }
    const input = checked.value;
    creating.current = true;
    if (
      environment === 'production' &&
      !(await confirm({
        title: PRODUCTION_TITLE,
        message: (
          <p>
            This creates the product “{input.name}” ({input.productID}) in production.
          </p>
        ),
        confirmLabel: 'Create in production',
      }))
    ) {
      creating.current = false;
      return;
    }
    report(null);
    create.mutate(input, {
      onSuccess: (product) => {
        if (draft.goToProductPage) {
          const state: ArrivalNotice = { notice: PRODUCT_MESSAGES.created };
          navigate(adminProductPath(product.productID), { state });
          return;
        }
        setDraft({ ...newProductDraft(), goToProductPage: false });
        report({ tone: 'ok', text: PRODUCT_MESSAGES.created });
      },
      // The server's refusal names its fields (a Stripe id where Stripe is on): they are marked too.
      onError: (error) => refuse(createFailureMessage(error), refusedFields(error)),
      onSettled: () => {
        creating.current = false;
      },
    });
  };

  return (
    <form ref={formRef} className={adminStyles.form} onSubmit={submit} noValidate>
      <FormField
        label="Product ID"
        value={draft.productID}
        error={errors.productID}
        hint="Unique in this environment; letters, digits, '-', '_' and '.'. It cannot change later."
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => set('productID', event.target.value)}
      />
      <FormField
        label="Product Name"
        value={draft.name}
        error={errors.name}
        onChange={(event) => set('name', event.target.value)}
      />
      <TextAreaField
        label="Description"
        rows={4}
        value={draft.description}
        error={errors.description}
        onChange={(event) => set('description', event.target.value)}
      />
      <FormField
        label="Price (USD)"
        inputMode="decimal"
        hint="In dollars, e.g. 19.99."
        value={draft.price}
        error={errors.price}
        onChange={(event) => set('price', event.target.value)}
      />
      <CheckboxField
        label="Is Digital Double"
        checked={draft.isDigitalDouble}
        onChange={(checked) => set('isDigitalDouble', checked)}
      />
      <ReleaseDateField
        value={draft.releaseDate}
        error={errors.releaseDate}
        onChange={(value) => set('releaseDate', value)}
      />
      <VarietiesEditor
        mode="create"
        varieties={draft.varieties}
        errors={errors}
        onChange={(varieties) => set('varieties', varieties)}
      />
      <p className={adminStyles.note}>{PRODUCT_MESSAGES.photosOnEditPage}</p>
      <CheckboxField
        label="Go to Product Page after creation"
        checked={draft.goToProductPage}
        onChange={(checked) => set('goToProductPage', checked)}
      />
      <FormAlert notice={notice} ref={alertRef} />
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={create.isPending}>
          Create Product
        </button>
      </div>
      {dialog}
    </form>
  );
}
