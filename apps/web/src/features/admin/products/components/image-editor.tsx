import type { ProductImage } from '@outpost/contracts/products';
import { type ChangeEvent, type Dispatch, type SetStateAction, useId, useState } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import formStyles from '../../../../components/form/form.module.css';
import adminStyles from '../../components/admin-screen.module.css';
import { moveItem } from '../../components/move-item';
import { readPreview } from '../../components/read-preview';
import styles from '../products.module.css';

/** An image chosen for upload, not saved yet. */
export interface NewImage {
  id: string;
  file: File;
  /** A data: URL to show it (the page's policy allows data: images, not blob:); null until read or when none. */
  preview: string | null;
}

let chosen = 0;

interface ImageEditorProps {
  /** The saved images to keep, in their order. */
  images: ProductImage[];
  onImagesChange: (images: ProductImage[]) => void;
  newImages: NewImage[];
  onNewImagesChange: Dispatch<SetStateAction<NewImage[]>>;
}

/**
 * The edit screen's images (docs/product.md §2.12, §5.3): the saved ones as thumbnails with move earlier, move
 * later and remove; images to upload (images only, several at once) previewed and removable
 * before the save. New images are numbered after the saved ones, the order they are stored in.
 */
export function ImageEditor({ images, onImagesChange, newImages, onNewImagesChange }: ImageEditorProps) {
  const inputId = useId();
  const [announcement, setAnnouncement] = useState('');

  const move = (index: number, step: -1 | 1) => {
    if (index + step < 0 || index + step >= images.length) return;
    onImagesChange(moveItem(images, index, step));
    setAnnouncement(`Image ${index + 1} is now image ${index + step + 1}.`);
  };
  const removeSaved = (index: number) => {
    onImagesChange(images.filter((_, position) => position !== index));
    setAnnouncement(`Image ${index + 1} will be removed when you save.`);
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Choosing the same file again must fire change again.
    event.target.value = '';
    const added = files.map((file) => {
      chosen += 1;
      return { id: `new-image-${chosen}`, file, preview: null };
    });
    onNewImagesChange((current) => [...current, ...added]);
    for (const image of added) {
      void readPreview(image.file).then((preview) =>
        onNewImagesChange((current) => current.map((item) => (item.id === image.id ? { ...item, preview } : item))),
      );
    }
  };

  return (
    <fieldset className={adminStyles.group}>
      <legend>Images</legend>
      {images.length === 0 ? (
        <p className={adminStyles.note}>No saved images.</p>
      ) : (
        <ol className={styles.images} aria-label="Saved images">
          {images.map((image, index) => {
            const number = index + 1;
            return (
              <li key={image.key} className={styles.image}>
                <figure>
                  <img src={image.thumbnailUrl} alt="" width={160} height={160} loading="lazy" />
                  <figcaption>Image {number}</figcaption>
                </figure>
                <div className={styles.imageActions}>
                  <button
                    type="button"
                    className={listStyles.plainButton}
                    aria-label={`Move image ${number} earlier`}
                    aria-disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    Earlier
                  </button>
                  <button
                    type="button"
                    className={listStyles.plainButton}
                    aria-label={`Move image ${number} later`}
                    aria-disabled={index === images.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    Later
                  </button>
                  <button
                    type="button"
                    className={listStyles.plainButton}
                    aria-label={`Remove image ${number}`}
                    onClick={() => removeSaved(index)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className={formStyles.field}>
        <label htmlFor={inputId}>Add images</label>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          className={formStyles.input}
          aria-describedby={`${inputId}-hint`}
          onChange={choose}
        />
        <p id={`${inputId}-hint`} className={formStyles.hint}>
          JPEG, PNG, WebP, GIF or AVIF, up to 10 MB each. They are uploaded when you save.
        </p>
      </div>
      {newImages.length > 0 && (
        <ol className={styles.images} aria-label="Images to upload">
          {newImages.map((image, index) => {
            const number = images.length + index + 1;
            return (
              <li key={image.id} className={styles.image}>
                <figure>
                  {image.preview ? (
                    <img src={image.preview} alt="" width={160} height={160} />
                  ) : (
                    <span className={styles.noPreview}>No preview</span>
                  )}
                  <figcaption>
                    Image {number} (new): {image.file.name}
                  </figcaption>
                </figure>
                <div className={styles.imageActions}>
                  <button
                    type="button"
                    className={listStyles.plainButton}
                    aria-label={`Remove new image ${number}`}
                    onClick={() => onNewImagesChange((current) => current.filter((item) => item.id !== image.id))}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </fieldset>
  );
}
