/** Larger files are not read for a preview: the server refuses them anyway. */
const PREVIEW_MAX_BYTES = 10 * 1024 * 1024;

/** A chosen image as a data: URL to show before it is uploaded (the pages' CSP allows no blob: images); null for no image. */
export function readPreview(file: File): Promise<string | null> {
  if (!file.type.startsWith('image/') || file.size > PREVIEW_MAX_BYTES) return Promise.resolve(null);
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(typeof reader.result === 'string' ? reader.result : null));
    reader.addEventListener('error', () => resolve(null));
    reader.readAsDataURL(file);
  });
}
