import type { CreateProductInput, Product, UpdateProductInput } from '@outpost/contracts/products';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';

/** Test helpers for the products routes, driven through `inject` like a browser would. */

export function newProductInput(overrides: Partial<CreateProductInput> = {}): CreateProductInput {
  return {
    productID: 'boots',
    name: 'Trail Boots',
    description: 'Digital double of our trail boots.',
    price: 1999,
    isDigitalDouble: true,
    releaseDate: '2026-12-01T18:00:00.000Z',
    varieties: [
      { varietyID: 'default', varietyName: 'Default', stripeID: '', quantity: 10 },
      { varietyID: 'red', varietyName: 'Red', stripeID: 'prod_red', quantity: 5 },
    ],
    ...overrides,
  };
}

/** The edit screen's save of a product as loaded, with changes. */
export function saveInput(product: Product, overrides: Partial<UpdateProductInput> = {}): UpdateProductInput {
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    isDigitalDouble: product.isDigitalDouble,
    releaseDate: product.releaseDate,
    status: product.status,
    varieties: product.varieties.map((variety) => ({
      varietyID: variety.varietyID,
      varietyName: variety.varietyName,
      stripeID: variety.stripeID || `prod_${variety.varietyID}`,
      quantity: variety.quantity,
    })),
    images: product.images.map((image) => ({ key: image.key })),
    version: product.version,
    ...overrides,
  };
}

/** A real PNG of one colour. */
export function pngBytes(width = 64, height = 48, colour = { r: 200, g: 40, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export interface UploadFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart save body as a browser's FormData sends it: `product` first, then the files. */
export async function multipartSave(
  product: UpdateProductInput,
  files: readonly UploadFile[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append('product', JSON.stringify(product));
  for (const file of files) {
    form.append('images', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

export function createProductThrough(
  app: FastifyInstance,
  auth: string,
  environment: string,
  input: CreateProductInput,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/admin/${environment}/products`,
    headers: { authorization: auth },
    payload: input,
  });
}

export async function saveProductThrough(
  app: FastifyInstance,
  auth: string,
  environment: string,
  productID: string,
  product: UpdateProductInput,
  files: readonly UploadFile[] = [],
): Promise<LightMyRequestResponse> {
  const body = files.length === 0 ? { payload: { product }, headers: {} } : await multipartSave(product, files);
  return app.inject({
    method: 'PUT',
    url: `/api/admin/${environment}/products/${encodeURIComponent(productID)}`,
    headers: { authorization: auth, ...body.headers },
    payload: body.payload,
  });
}
