import multipart from '@fastify/multipart';
import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import { fieldErrorDetails } from '@outpost/contracts/field-errors';
import {
  type CreateProductInput,
  createProductInputSchema,
  PRODUCT_MAX_IMAGES,
  PRODUCT_MESSAGES,
  type Product,
  productListPageSchema,
  productListQuerySchema,
  productParamsSchema,
  productSchema,
  stripeIdMissingMessage,
  updateProductInputSchema,
  varietiesWithoutStripeId,
} from '@outpost/contracts/products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores } from '../database';
import { FunctionError } from '../platform/http/errors';
import type { FileStore } from '../platform/storage/file-store';
import {
  createProduct,
  findProduct,
  imageFiles,
  listProducts,
  ProductExistsError,
  ProductNotFoundError,
  ProductVersionConflictError,
  type StoredProduct,
  UnknownProductImageError,
  updateProduct,
} from './queries';
import {
  readMultipartSave,
  removeImageFiles,
  removeImageFilesLogged,
  storeProductImages,
  sweepOrphanImages,
  uploadLimits,
} from './uploads';

export interface ProductRoutesOptions {
  game: AppStores['game'];
  files: FileStore;
  /** IMAGE_MAX_BYTES: the largest image a save may upload. */
  imageMaxBytes: number;
  /** Whether the environment takes card payments through Stripe, which sells each variety by its Stripe id. */
  stripeConfigured: (environment: Environment) => boolean;
}

function toProduct(stored: StoredProduct, files: FileStore): Product {
  const { product } = stored;
  return {
    productID: product.product_id,
    name: product.name,
    description: product.description,
    price: product.price,
    isDigitalDouble: Boolean(product.is_digital_double),
    availableVarieties: stored.varieties.map((variety) => variety.variety_id),
    varieties: stored.varieties.map((variety) => ({
      varietyID: variety.variety_id,
      varietyName: variety.variety_name,
      stripeID: variety.stripe_id,
      quantity: variety.quantity,
      originalQuantity: variety.original_quantity,
      lifetimeQuantity: variety.lifetime_quantity,
    })),
    releaseDate: product.release_date,
    totalQuantity: product.total_quantity,
    status: product.status as Product['status'],
    images: stored.images.map((image, index) => ({
      index,
      url: files.url(image.image_key),
      thumbnailUrl: files.url(image.thumbnail_key),
      key: image.image_key,
    })),
    version: product.version,
    createdAt: product.created_at,
    updatedAt: product.updated_at,
  };
}

/** The domain's refusals as the protocol's statuses; anything else is a fault and stays a 500. */
function toFunctionError(error: unknown, environment: string): unknown {
  if (error instanceof ProductExistsError) {
    return new FunctionError('aborted', `A product with the ID "${error.productID}" already exists in ${environment}.`);
  }
  if (error instanceof ProductNotFoundError) return new FunctionError('not-found', error.message);
  if (error instanceof ProductVersionConflictError || error instanceof UnknownProductImageError) {
    return new FunctionError('aborted', error.message);
  }
  return error;
}

/**
 * Where Stripe is configured, a new product must name each variety's Stripe Product ID: the edit
 * screen requires it (docs/product.md §5.3), so a product created without one could not be saved until it was
 * added. The refusal is the edit screen's message, naming the varieties and pointing at their fields.
 */
function refuseMissingStripeIds(input: CreateProductInput): void {
  const missing = varietiesWithoutStripeId(input.varieties);
  if (missing.length === 0) return;
  const fields = missing.map((index) => ({
    path: ['varieties', index, 'stripeID'],
    message: PRODUCT_MESSAGES.stripeIdRequired,
  }));
  throw new FunctionError('invalid-argument', stripeIdMissingMessage(input.varieties), fieldErrorDetails(fields));
}

/** A save's body: the product, and the images uploaded with it when it came as multipart. */
const saveBodySchema = z.object({
  product: updateProductInputSchema,
  images: z._default(
    z.array(z.object({ fileName: z.string(), bytes: z.custom<Buffer>((value) => Buffer.isBuffer(value)) })),
    [],
  ),
});

/**
 * The products of the back office (docs/product.md §2.10, §3.1, §5.2): listed and read by anyone in the admin area,
 * created and saved by staff and admins (the route table's policies). Every route names its
 * environment and touches only that store and that environment's files.
 */
export function registerProductRoutes(app: FastifyInstance, options: ProductRoutesOptions): void {
  const { files, imageMaxBytes } = options;
  const storeOf = (environment: keyof AppStores['game']) => options.game[environment];

  // Multipart is parsed only here, where a save carries images.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: uploadLimits(imageMaxBytes) });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/api/admin/:env/products',
      {
        schema: {
          params: adminEnvironmentParamsSchema,
          querystring: productListQuerySchema,
          response: { 200: productListPageSchema },
        },
      },
      async (request) => {
        const page = await listProducts(storeOf(request.params.env), request.query);
        return {
          ...page,
          rows: page.rows.map(({ product, varietyCount, thumbnailKey }) => ({
            productID: product.product_id,
            name: product.name,
            isDigitalDouble: Boolean(product.is_digital_double),
            varietyCount,
            price: product.price,
            status: product.status as Product['status'],
            thumbnailUrl: thumbnailKey === null ? null : files.url(thumbnailKey),
            updatedAt: product.updated_at,
          })),
        };
      },
    );

    api.get(
      '/api/admin/:env/products/:productID',
      { schema: { params: productParamsSchema, response: { 200: productSchema } } },
      async (request) => {
        const { env, productID } = request.params;
        const stored = await findProduct(storeOf(env), productID);
        if (!stored) throw toFunctionError(new ProductNotFoundError(productID), env);
        return toProduct(stored, files);
      },
    );

    api.post(
      '/api/admin/:env/products',
      {
        schema: {
          params: adminEnvironmentParamsSchema,
          body: createProductInputSchema,
          response: { 200: productSchema },
        },
      },
      async (request) => {
        const { env } = request.params;
        const change = await adminChangeOf(request, env);
        if (options.stripeConfigured(env)) refuseMissingStripeIds(request.body);
        const db = storeOf(env);
        try {
          await createProduct(db, request.body, change);
        } catch (error) {
          throw toFunctionError(error, env);
        }
        return toProduct((await findProduct(db, request.body.productID)) as StoredProduct, files);
      },
    );

    api.put(
      '/api/admin/:env/products/:productID',
      {
        schema: {
          // JSON for a save without new images; multipart/form-data (`product` then `images`) with them.
          consumes: ['application/json', 'multipart/form-data'],
          params: productParamsSchema,
          body: saveBodySchema,
          response: { 200: productSchema },
        },
        preValidation: async (request) => {
          // The schema checks what the form held, as it checks a JSON body.
          if (request.isMultipart())
            request.body = (await readMultipartSave(request, imageMaxBytes)) as typeof request.body;
        },
      },
      async (request) => {
        const { env, productID } = request.params;
        const { product: input, images: uploads } = request.body;
        const change = await adminChangeOf(request, env);
        const db = storeOf(env);
        if (input.images.length + uploads.length > PRODUCT_MAX_IMAGES) {
          throw new FunctionError('invalid-argument', `A product can have at most ${PRODUCT_MAX_IMAGES} images.`);
        }
        // Refuse a save that cannot succeed before any image is decoded or stored; the
        // transaction checks again, as another save may still commit in between.
        const current = await findProduct(db, productID);
        if (!current) throw toFunctionError(new ProductNotFoundError(productID), env);
        if (current.product.version !== input.version) throw toFunctionError(new ProductVersionConflictError(), env);

        const newImages = await storeProductImages(uploads, { files, environment: env, productID, imageMaxBytes });
        let removed: Awaited<ReturnType<typeof updateProduct>>;
        try {
          removed = await updateProduct(db, productID, { input, newImages }, change);
        } catch (error) {
          await removeImageFiles(files, newImages);
          throw toFunctionError(error, env);
        }
        await removeImageFilesLogged(files, removed, request.log);
        const saved = (await findProduct(db, productID)) as StoredProduct;
        await sweepOrphanImages({
          files,
          environment: env,
          productID,
          keep: saved.images.map(imageFiles),
          log: request.log,
        });
        return toProduct(saved, files);
      },
    );
  });
}
