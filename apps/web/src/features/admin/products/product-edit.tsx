import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import {
  PRODUCT_MESSAGES,
  PRODUCT_STATUS_LABELS,
  type Product,
  productStatusSchema,
} from '@outpost/contracts/products';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { z } from 'zod/mini';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { refusedFields } from '../../../components/form/field-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { SelectField } from '../../../components/form/select-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { Link, useParams } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import adminStyles from '../components/admin-screen.module.css';
import { useArrivalNotice } from '../components/arrival-notice';
import { CheckboxField } from '../components/checkbox-field';
import { PRODUCTION_TITLE, useConfirmDialog } from '../components/confirm-dialog';
import { LoadState } from '../components/load-state';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { productQueryOptions, useProduct } from './api/get-product';
import { useUpdateProduct } from './api/update-product';
import { ImageEditor, type NewImage } from './components/image-editor';
import { ReleaseDateField } from './components/release-date-field';
import { VarietiesEditor } from './components/varieties-editor';
import {
  checkProductEdit,
  convertPrice,
  destructiveChanges,
  draftFromProduct,
  type PriceUnit,
  type ProductDraft,
} from './product-form';
import styles from './products.module.css';
import { saveFailure } from './save-failure';

/** The edit screen (docs/product.md §2.12): 'Loading product data...' until the product is there. */
export default function ProductEdit() {
  const { environment, capabilities } = useAdminAccessContext();
  const { productID = '' } = useParams();
  const product = useProduct(environment, productID);
  // 'Product created!' from the create screen: shown once, not again on a reload of this entry.
  const arrivalNotice = useArrivalNotice();

  const content = (
    <LoadState
      query={product}
      what="product"
      loading={PRODUCT_MESSAGES.loading}
      missing={`There is no product “${productID}” in ${environment}.`}
    >
      {(loaded) => (
        <ProductEditForm
          // Another environment or product starts a new form: edits never carry across.
          key={`${environment}/${productID}`}
          environment={environment}
          product={loaded}
          canEdit={capabilities.manageProducts}
          initialNotice={arrivalNotice}
        />
      )}
    </LoadState>
  );

  return (
    <section className={`page ${adminStyles.screen}`} aria-labelledby="product-edit-title">
      <h1 id="product-edit-title">
        <span className="visually-hidden">Edit product </span>
        {product.data?.name ?? productID}
      </h1>
      <p className={adminStyles.lead}>
        Product {productID} in {environment}. <Link to={ADMIN_ROUTES.adminProducts}>Back to the products</Link>
      </p>
      {content}
    </section>
  );
}

interface ProductEditFormProps {
  environment: Environment;
  product: Product;
  canEdit: boolean;
  initialNotice: string | null;
}

const PRICE_UNITS: readonly { unit: PriceUnit; label: string; hint: string }[] = [
  { unit: 'dollars', label: 'Dollars', hint: 'In US dollars, e.g. 19.99.' },
  { unit: 'cents', label: 'Cents', hint: 'In US cents, e.g. 1999.' },
];

function ProductEditForm({ environment, product, canEdit, initialNotice }: ProductEditFormProps) {
  // The product as last loaded or saved: the version a save starts from, what the confirmation compares against.
  const [base, setBase] = useState(product);
  const [draft, setDraft] = useState<ProductDraft>(() => draftFromProduct(product));
  const [newImages, setNewImages] = useState<NewImage[]>([]);
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal(
    initialNotice ? { tone: 'ok', text: initialNotice } : null,
  );
  const [conflict, setConflict] = useState(false);
  const saving = useRef(false);
  const update = useUpdateProduct(environment, product.productID);
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const set = <Field extends keyof ProductDraft>(field: Field, value: ProductDraft[Field]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const startFrom = (saved: Product) => {
    setBase(saved);
    setDraft(draftFromProduct(saved));
    setNewImages([]);
    setConflict(false);
  };

  const reload = async () => {
    const latest = await queryClient.fetchQuery({
      ...productQueryOptions(environment, product.productID),
      staleTime: 0,
    });
    startFrom(latest);
    report({ tone: 'ok', text: 'Loaded the latest saved version.' });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // No save starts while one is in progress, the button disabled too (docs/product.md §5.3).
    if (saving.current || !canEdit) return;
    const checked = checkProductEdit(draft, base, newImages.length);
    if (!checked.ok) {
      refuse(checked.message, checked.fields);
      return;
    }
    saving.current = true;
    if (environment === 'production') {
      const confirmed = await confirm({
        title: PRODUCTION_TITLE,
        message: <p>This saves “{checked.value.name}” in production, where players see it.</p>,
        items: destructiveChanges(base, checked.value),
        confirmLabel: 'Save to production',
      });
      if (!confirmed) {
        saving.current = false;
        return;
      }
    }
    report(null);
    update.mutate(
      { input: checked.value, files: newImages.map((image) => image.file) },
      {
        onSuccess: (saved) => {
          startFrom(saved);
          report({ tone: 'ok', text: PRODUCT_MESSAGES.updated });
        },
        onError: (error) => {
          const failure = saveFailure(error);
          setConflict(failure.conflict);
          // The save's body is {product, images}: the form's fields sit under `product`.
          refuse(failure.message, refusedFields(error, 'product'));
        },
        onSettled: () => {
          saving.current = false;
        },
      },
    );
  };

  const unit = PRICE_UNITS.find((option) => option.unit === draft.priceUnit) ?? PRICE_UNITS[0];
  return (
    <form ref={formRef} className={adminStyles.form} onSubmit={submit} noValidate aria-busy={update.isPending}>
      {!canEdit && <ReadOnlyNotice>Your role may view this product but not change it.</ReadOnlyNotice>}
      <fieldset className={adminStyles.plain} disabled={!canEdit}>
        <FormField
          label="Product Name"
          value={draft.name}
          error={errors.name}
          onChange={(event) => set('name', event.target.value)}
        />
        <fieldset className={styles.priceUnit}>
          <legend>Price unit</legend>
          {PRICE_UNITS.map((option) => (
            <label key={option.unit}>
              <input
                type="radio"
                name="price-unit"
                value={option.unit}
                checked={draft.priceUnit === option.unit}
                onChange={() =>
                  setDraft((current) => ({
                    ...current,
                    priceUnit: option.unit,
                    price: convertPrice(current.price, current.priceUnit, option.unit),
                  }))
                }
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        <FormField
          label="Price"
          inputMode={draft.priceUnit === 'dollars' ? 'decimal' : 'numeric'}
          hint={unit?.hint}
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
        <TextAreaField
          label="Description"
          rows={4}
          value={draft.description}
          error={errors.description}
          onChange={(event) => set('description', event.target.value)}
        />
        <SelectField
          label="Status"
          value={draft.status}
          error={errors.status}
          onChange={(event) => {
            const status = z.safeParse(productStatusSchema, Number(event.target.value));
            if (status.success) set('status', status.data);
          }}
        >
          {Object.entries(PRODUCT_STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label} ({value})
            </option>
          ))}
        </SelectField>
        <VarietiesEditor
          mode="edit"
          varieties={draft.varieties}
          errors={errors}
          onChange={(varieties) => set('varieties', varieties)}
        />
        <ImageEditor
          images={draft.images}
          onImagesChange={(images) => set('images', images)}
          newImages={newImages}
          onNewImagesChange={setNewImages}
        />
      </fieldset>
      <FormAlert notice={notice} ref={alertRef} />
      {conflict && (
        <div className={adminStyles.submitRow}>
          <button type="button" className={listStyles.plainButton} onClick={() => void reload()}>
            Load the latest version (discards your changes)
          </button>
        </div>
      )}
      {canEdit && (
        <div className={adminStyles.submitRow}>
          <button type="submit" className={`button ${adminStyles.submit}`} disabled={update.isPending}>
            Save Changes
          </button>
        </div>
      )}
      {dialog}
    </form>
  );
}
