import type { Environment } from '@outpost/contracts/environments';
import { uploadErrorMessage } from '@outpost/contracts/products';
import { type ChangeEvent, useId, useState } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import formStyles from '../../../../components/form/form.module.css';
import { FormAlert } from '../../../../components/form/form-alert';
import adminStyles from '../../components/admin-screen.module.css';
import { readPreview } from '../../components/read-preview';
import styles from '../theater.module.css';
import { useTheaterChange } from './use-theater-change';

interface ImageUploadProps<Saved> {
  environment: Environment;
  /** "Banner" or "Thumbnail": the group's legend and the button's words. */
  kind: string;
  /** The saved image's thumbnail, null before any upload. */
  current: string | null;
  /** Whose image it is, for the production confirmation ("the episode “Homecoming”"). */
  owner: string;
  upload: (file: File) => Promise<Saved>;
  /** The record the server answered, with its new image and version. */
  onUploaded: (saved: Saved) => void;
  /** The contracts' success message. */
  uploaded: string;
}

/**
 * The image of an episode (its banner) or a theater video (its thumbnail): the saved one, a
 * chosen file previewed as a data: URL (the pages' CSP allows no blob: images), and its upload on
 * its own, at once. The server checks the image; a refusal is docs/product.md §8.4's 'Error uploading file: …'.
 */
export function ImageUpload<Saved>(props: ImageUploadProps<Saved>) {
  const { environment, kind, current, owner, upload, onUploaded, uploaded } = props;
  const inputId = useId();
  const change = useTheaterChange(environment);
  const [chosen, setChosen] = useState<{ file: File; preview: string | null } | null>(null);
  // A new key empties the file input once its file is uploaded.
  const [inputKey, setInputKey] = useState(0);
  const noun = kind.toLowerCase();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    change.say(null);
    setChosen(file && { file, preview: null });
    if (!file) return;
    const preview = await readPreview(file);
    // A later choice may have replaced this one while it was read.
    setChosen((now) => (now?.file === file ? { file, preview } : now));
  };

  const send = () => {
    if (!chosen) {
      change.say({ tone: 'error', text: `Choose an image file for the ${noun} first.` });
      return;
    }
    const { file } = chosen;
    void change.send({
      confirmation: () => ({
        message: (
          <p>
            This replaces the {noun} of {owner} in production, where players see it.
          </p>
        ),
        confirmLabel: `Upload ${noun} to production`,
      }),
      request: () => upload(file),
      onDone: (saved) => {
        setChosen(null);
        setInputKey((key) => key + 1);
        change.say({ tone: 'ok', text: uploaded });
        onUploaded(saved);
      },
      failure: uploadErrorMessage,
    });
  };

  return (
    <fieldset className={adminStyles.group}>
      <legend>{kind}</legend>
      <div className={styles.images}>
        <figure className={styles.image}>
          {current ? (
            <img src={current} alt={`Saved ${noun}`} width={160} height={90} />
          ) : (
            <span className={styles.noImage}>No {noun} yet</span>
          )}
          <figcaption>Saved</figcaption>
        </figure>
        {chosen && (
          <figure className={styles.image}>
            {chosen.preview ? (
              <img src={chosen.preview} alt={`Chosen ${noun}`} width={160} height={90} />
            ) : (
              <span className={styles.noImage}>No preview</span>
            )}
            <figcaption>Chosen: {chosen.file.name}</figcaption>
          </figure>
        )}
      </div>
      <div className={formStyles.field}>
        <label htmlFor={inputId}>Choose a {noun} image</label>
        <input
          key={inputKey}
          id={inputId}
          type="file"
          accept="image/*"
          className={formStyles.input}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => void choose(event)}
        />
        <p id={`${inputId}-hint`} className={formStyles.hint}>
          JPEG, PNG, WebP, GIF or AVIF, up to 10 MB. It is uploaded when you press Upload {noun}, apart from the other
          fields.
        </p>
      </div>
      <FormAlert notice={change.notice} />
      <button
        type="button"
        className={listStyles.plainButton}
        aria-disabled={chosen === null || change.pending}
        onClick={send}
      >
        Upload {noun}
      </button>
      {change.dialogs}
    </fieldset>
  );
}
