import type { Environment } from '@outpost/contracts/environments';
import type { RemoteConfigState } from '@outpost/contracts/remote-config/schemas';
import { useState } from 'react';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { FormSheet } from '../../admin/components/form-sheet';
import { formatInstant } from '../../admin/components/local-time';
import { PersonLink } from '../../admin/components/person-link';
import { changeCount, diffLines, unpublishedText } from '../diff-words';
import { PublishForm } from './publish-form';
import styles from './remote-config.module.css';

/**
 * The version players get (which, by whom, when) beside what the draft changes, with "Publish…" for
 * those who may. The publish form opens over the screen with the draft as it is then; sent here by
 * the calendar's "New" (`startsAt`), it opens on arrival to publish at that time.
 */
export function PublishedSummary({
  environment,
  state,
  canEdit,
  startsAt = null,
}: {
  environment: Environment;
  state: RemoteConfigState;
  canEdit: boolean;
  startsAt?: string | null;
}) {
  const nothing = changeCount(state.unpublished) === 0;
  const [publishing, setPublishing] = useState<{ state: RemoteConfigState; environment: Environment } | null>(() =>
    canEdit && startsAt !== null && !nothing ? { state, environment } : null,
  );
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const { current } = state;
  const lines = diffLines(state.unpublished);
  // A switch of environment closes the sheet: it holds the other environment's draft.
  const open = publishing?.environment === environment ? publishing.state : null;

  return (
    <section aria-labelledby="remote-config-live">
      <h2 id="remote-config-live">What players get</h2>
      <div className={styles.summary}>
        {current ? (
          <dl className={`${adminStyles.facts} ${styles.facts}`} aria-label="The version players get">
            <dt>Version</dt>
            <dd>
              {current.version}
              {current.rollbackOf !== null && ` (rollback of version ${current.rollbackOf})`}
            </dd>
            <dt>Published</dt>
            <dd>
              <time dateTime={current.publishedAt}>{formatInstant(current.publishedAt)}</time>
            </dd>
            <dt>By</dt>
            <dd>{current.publishedBy ? <PersonLink person={current.publishedBy} withEmail={false} /> : 'Outpost'}</dd>
            <dt>Description</dt>
            <dd>{current.description || 'None'}</dd>
          </dl>
        ) : (
          <p className={adminStyles.note}>Nothing is published yet: the game gets no values.</p>
        )}
        <div className={styles.changes}>
          <p className={styles.count} role="status">
            {unpublishedText(state.unpublished)}
          </p>
          {lines.length > 0 && (
            <ul className={styles.diff} aria-label="Unpublished changes">
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          {state.draftUpdatedAt && (
            <p className={adminStyles.note}>
              Draft last saved {formatInstant(state.draftUpdatedAt)}
              {state.draftUpdatedBy && (
                <>
                  {' '}
                  by <PersonLink person={state.draftUpdatedBy} withEmail={false} />
                </>
              )}
              .
            </p>
          )}
          {canEdit && (
            <div className={adminStyles.toolbar}>
              {/* Kept (aria-disabled) when there is nothing to publish, so the focus it had after a publish stays. */}
              <button
                type="button"
                className={`button ${adminStyles.toolbarButton} ${styles.publish}`}
                aria-disabled={nothing || undefined}
                onClick={() => {
                  if (nothing) return;
                  setNotice(null);
                  setPublishing({ state, environment });
                }}
              >
                Publish…
              </button>
              <FormAlert notice={notice} />
            </div>
          )}
        </div>
      </div>
      {canEdit && open && (
        <FormSheet label="Publish the draft" onClose={() => setPublishing(null)}>
          <PublishForm
            environment={environment}
            state={open}
            startsAt={startsAt}
            onDone={(done) => {
              setPublishing(null);
              if (done) setNotice(done);
            }}
          />
        </FormSheet>
      )}
    </section>
  );
}
