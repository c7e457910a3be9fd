import type { Environment } from '@outpost/contracts/environments';
import { type AdminTheaterCollection, THEATER_MESSAGES } from '@outpost/contracts/theater';
import { useState } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import type { FormNotice } from '../../../../components/form/form-alert';
import { FormField } from '../../../../components/form/form-field';
import { SelectField } from '../../../../components/form/select-field';
import adminStyles from '../../components/admin-screen.module.css';
import { LoadState } from '../../components/load-state';
import { useChangeCollection } from '../api/change-collection';
import { collectionQueryOptions, useCollection } from '../api/get-collection';
import { useVideoChoices } from '../api/get-videos';
import { useSaveCollection } from '../api/save-collection';
import { addMember, checkCollectionEdit, draftFromCollection } from '../collection-form';
import styles from '../theater.module.css';
import { FormFrame } from './form-frame';
import { MemberList } from './member-list';
import { useRecordDraft } from './use-record-draft';

interface CollectionEditorProps {
  environment: Environment;
  collectionID: string;
  initialNotice: FormNotice | null;
  /** Closes the editor after a delete, with what it did (the sheet's Close closes it otherwise). */
  onClose: (notice: FormNotice) => void;
}

/** One collection, loaded by its ID (the URL names it), in its editor. */
export function CollectionEditor({ environment, collectionID, initialNotice, onClose }: CollectionEditorProps) {
  const collection = useCollection(environment, collectionID);
  return (
    <LoadState
      query={collection}
      what="collection"
      missing={`There is no collection “${collectionID}” in ${environment}.`}
    >
      {(loaded) => (
        <CollectionForm environment={environment} collection={loaded} initialNotice={initialNotice} onClose={onClose} />
      )}
    </LoadState>
  );
}

interface CollectionFormProps extends Omit<CollectionEditorProps, 'collectionID'> {
  collection: AdminTheaterCollection;
}

/**
 * A collection's title and videos: reordered, given sublabels, removed or added from the
 * environment's videos, then saved in one request with the version loaded. The form then shows
 * the collection as saved, in the order the server numbered it.
 */
function CollectionForm({ environment, collection, initialNotice, onClose }: CollectionFormProps) {
  const { base, draft, setDraft, field, change, startFrom, reload } = useRecordDraft({
    environment,
    initial: collection,
    initialNotice,
    noun: 'collection',
    draftOf: draftFromCollection,
    latest: (saved) => ({ ...collectionQueryOptions(environment, saved.collectionID), staleTime: 0 }),
  });
  const [adding, setAdding] = useState('');
  const collections = useChangeCollection(environment);
  const save = useSaveCollection(environment);
  const choices = useVideoChoices(environment);

  const submit = () =>
    change.submit(checkCollectionEdit(draft, base.version), (input) => ({
      confirmation: () => ({
        message: <p>This saves the collection “{draft.title.trim()}” in production, in the order shown.</p>,
        confirmLabel: 'Save to production',
      }),
      request: () => save.mutateAsync({ collectionID: base.collectionID, input }),
      onDone: (saved: AdminTheaterCollection) => {
        startFrom(saved);
        change.say({ tone: 'ok', text: THEATER_MESSAGES.collectionSaved });
      },
      failure: (message) => `The collection was not saved. ${message}`,
      loaded: true,
    }));

  const remove = () =>
    void change.remove(
      {
        title: `Delete the collection ${base.collectionID}?`,
        message: (
          <p>
            This deletes the collection “{base.title}” from {environment}. Its {base.videos.length}{' '}
            {base.videos.length === 1 ? 'video stays' : 'videos stay'} in the theater, outside it.
          </p>
        ),
        confirmLabel: 'Delete collection',
      },
      {
        request: () => collections.mutateAsync({ kind: 'delete', collectionID: base.collectionID }),
        onDone: () => onClose({ tone: 'ok', text: THEATER_MESSAGES.collectionDeleted }),
        failure: (message) => `The collection was not deleted. ${message}`,
      },
    );

  const available = (choices.data?.rows ?? []).filter(
    (video) => !draft.members.some((member) => member.videoID === video.videoID),
  );
  const add = () => {
    const video = available.find((candidate) => candidate.videoID === adding);
    if (!video) return;
    setDraft((now) => ({ ...now, members: addMember(now.members, video) }));
    setAdding('');
  };

  return (
    <FormFrame
      title={`Edit collection ${base.collectionID}`}
      change={change}
      onSubmit={submit}
      arrivedByAction
      actions={{
        submitLabel: 'Save collection',
        onReload: () => void reload(base),
        remove: { label: 'Delete collection', run: remove },
      }}
    >
      <FormField label="Title" {...field('title')} />
      <fieldset className={adminStyles.group}>
        <legend>Videos, in order</legend>
        <MemberList
          members={draft.members}
          onChange={(members) => setDraft((now) => ({ ...now, members }))}
          errors={change.errors}
        />
        <div className={styles.addRow}>
          <SelectField
            label="Add a video"
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
            hint={
              choices.isError
                ? `The videos could not be loaded: ${choices.error.message}`
                : available.length === 0 && choices.isSuccess
                  ? 'Every theater video of this environment is in the collection.'
                  : undefined
            }
          >
            <option value="">Choose a video…</option>
            {available.map((video) => (
              <option key={video.videoID} value={video.videoID}>
                {video.title} ({video.videoID})
              </option>
            ))}
          </SelectField>
          <button type="button" className={listStyles.plainButton} aria-disabled={adding === ''} onClick={add}>
            Add to collection
          </button>
        </div>
      </fieldset>
    </FormFrame>
  );
}
