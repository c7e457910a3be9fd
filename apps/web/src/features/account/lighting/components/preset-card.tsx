import { GUEST_OWNER, type LightingPreset } from '@outpost/contracts/lighting';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import styles from '../lighting.module.css';
import { LIGHTING_VALUES } from '../lighting-text';

/** The tint as a swatch: an SVG fill, since the pages' CSP refuses style attributes. */
function TintSwatch({ tint }: { tint: string }) {
  return (
    <svg className={styles.swatch} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect width="24" height="24" fill={tint} />
    </svg>
  );
}

/** A preset's name, visibility and values. */
export function PresetSummary({ preset, children }: { preset: LightingPreset; children?: ReactNode }) {
  const { settings } = preset;
  return (
    <>
      <div className={styles.presetHead}>
        <TintSwatch tint={settings.tint} />
        <h4>{preset.name}</h4>
        <span className={preset.public ? styles.public : styles.private}>{preset.public ? 'Public' : 'Private'}</span>
      </div>
      {!preset.editable && preset.owner === GUEST_OWNER && <p className={styles.byline}>Shared by a guest</p>}
      <dl className={styles.values}>
        {LIGHTING_VALUES.map(({ key, label, text }) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{text(settings[key])}</dd>
          </div>
        ))}
        <div>
          <dt>Tint</dt>
          <dd>{settings.tint}</dd>
        </div>
      </dl>
      {children}
    </>
  );
}

interface PresetActionsProps {
  name: string;
  /** True when they come back in place of this preset's edit form: Edit takes the focus again. */
  focusEdit?: boolean;
  onEdit: () => void;
  /** Deletes the preset once the viewer confirmed; resolves true when it is gone. */
  onDelete: () => Promise<boolean>;
}

/**
 * Edit and Delete for one of the viewer's presets. Delete asks first, in place: the question and
 * its two buttons replace the actions, with the focus on "Keep it", so Enter never deletes by
 * accident; cancelling brings the focus back to Delete.
 */
export function PresetActions({ name, focusEdit = false, onEdit, onDelete }: PresetActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const edit = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  // Only on mount: the edit form these actions replace just closed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: later renders must not pull the focus back.
  useEffect(() => {
    if (focusEdit) edit.current?.focus();
  }, []);

  useEffect(() => {
    if (confirming) keep.current?.focus();
    else if (asked.current) remove.current?.focus();
    asked.current = confirming;
  }, [confirming]);

  if (!confirming) {
    return (
      <div className={styles.actions}>
        <button ref={edit} type="button" className={listStyles.plainButton} onClick={onEdit}>
          Edit<span className="visually-hidden"> {name}</span>
        </button>
        <button ref={remove} type="button" className={listStyles.plainButton} onClick={() => setConfirming(true)}>
          Delete<span className="visually-hidden"> {name}</span>
        </button>
      </div>
    );
  }

  const confirmDelete = async () => {
    if (deleting) return;
    setDeleting(true);
    // A deleted preset's card goes with the list's next answer; a refusal brings the actions back.
    if (!(await onDelete())) {
      setDeleting(false);
      setConfirming(false);
    }
  };

  return (
    <div className={styles.confirm}>
      <p>Delete “{name}”? This cannot be undone.</p>
      <div className={styles.actions}>
        <button ref={keep} type="button" className={listStyles.plainButton} onClick={() => setConfirming(false)}>
          Keep it
        </button>
        <button type="button" className="button" aria-disabled={deleting || undefined} onClick={confirmDelete}>
          {deleting ? 'Deleting…' : 'Delete preset'}
        </button>
      </div>
    </div>
  );
}
