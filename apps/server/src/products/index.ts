/* What products offers other domains: a product's stock as a sale takes and returns it, and stored images. */
export type { StoredImageFiles } from './queries';
export type { LockedProduct } from './stock';
export { lockProductsForSale, returnVarietyStock, takeSoldStock, takeVarietyStock, touchProduct } from './stock';
export { removeImageFiles, removeImageFilesLogged } from './uploads';
