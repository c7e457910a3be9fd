import type { Environment } from '@outpost/contracts/environments';
import { type AdminTheaterCollection, THEATER_MESSAGES } from '@outpost/contracts/theater';
import { useState } from 'react';
import { AdminList } from '../../../../components/admin-list/admin-list';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import { adminColumnHelper } from '../../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../../components/admin-list/list-view';
import { FormAlert, type FormNotice } from '../../../../components/form/form-alert';
import { useSearchParams } from '../../../../lib/router/router';
import adminStyles from '../../components/admin-screen.module.css';
import { FormSheet } from '../../components/form-sheet';
import { formatInstant } from '../../components/local-time';
import { NewRecordButton } from '../../components/new-record-button';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { getCollections } from '../api/get-collections';
import { theaterAdminQueryKey } from '../api/query-keys';
import styles from '../theater.module.css';
import { CollectionEditor } from './collection-editor';
import { NewCollectionForm } from './new-collection-form';

const memberText = (video: AdminTheaterCollection['videos'][number]) =>
  video.sublabel ? `${video.title} (${video.sublabel})` : video.title;

const column = adminColumnHelper<AdminTheaterCollection>();
const columns = column.columns([
  column.accessor('title', { header: 'Title' }),
  column.accessor('collectionID', {
    header: 'ID',
    cell: (cell) => <span className={styles.mono}>{cell.getValue()}</span>,
  }),
  column.accessor((collection) => collection.videos.map(memberText).join(' · '), {
    id: 'videos',
    header: 'Videos, in order',
    cell: (cell) =>
      cell.row.original.videos.length === 0 ? (
        'None yet'
      ) : (
        <ol className={styles.inlineList}>
          {cell.row.original.videos.map((video) => (
            <li key={video.videoID}>{memberText(video)}</li>
          ))}
        </ol>
      ),
  }),
  column.accessor('createdAt', {
    id: 'created',
    header: 'Created',
    meta: { nowrap: true },
    cell: (cell) => formatInstant(cell.getValue()),
  }),
  column.accessor('updatedAt', {
    header: 'Updated',
    meta: { nowrap: true },
    cell: (cell) => formatInstant(cell.getValue()),
  }),
]);
const sortable = ['created', 'title'] as const;
const filters: readonly AdminListFilter[] = [{ kind: 'text', param: 'q', label: 'Title or ID' }];
// The library shows collections oldest first; the list starts the same way.
const DEFAULT_ORDER = 'asc';

/**
 * The collections that group the theater videos. Staff create one with the button above the list
 * and open it in its editor over the list (the URL names it, `?collection=`), where its videos
 * are ordered; moderators read each collection's videos in the list.
 */
export function CollectionsPanel({ environment, canEdit }: { environment: Environment; canEdit: boolean }) {
  const [params, setParams] = useSearchParams();
  const open = canEdit ? params.get('collection') : null;
  const [creating, setCreating] = useState(false);
  // What the editor says first ("Collection created!"), and what the list says after it closes ("… deleted.").
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [outcome, setOutcome] = useState<FormNotice | null>(null);
  // A new key per opening, so nothing typed for one collection goes to another.
  const [opening, setOpening] = useState(0);

  const show = (collectionID: string | null, next: FormNotice | null) => {
    const search = new URLSearchParams(params);
    if (collectionID === null) {
      search.delete('collection');
      if (next) setOutcome(next);
    } else {
      search.set('collection', collectionID);
      setOutcome(null);
    }
    setNotice(next);
    setCreating(false);
    setOpening((count) => count + 1);
    setParams(search);
  };

  let sheet = null;
  if (canEdit && open !== null) {
    sheet = (
      <FormSheet
        key={`${environment}/${open}/${opening}`}
        label={`Edit collection ${open}`}
        onClose={() => show(null, null)}
      >
        <CollectionEditor
          environment={environment}
          collectionID={open}
          initialNotice={notice}
          onClose={(done) => show(null, done)}
        />
      </FormSheet>
    );
  } else if (canEdit && creating) {
    sheet = (
      <FormSheet key={`${environment}/${opening}`} label="New collection" onClose={() => setCreating(false)}>
        <NewCollectionForm
          environment={environment}
          onCreated={(collectionID) => show(collectionID, { tone: 'ok', text: THEATER_MESSAGES.collectionCreated })}
        />
      </FormSheet>
    );
  }

  return (
    <>
      {canEdit ? (
        <div className={adminStyles.toolbar}>
          <NewRecordButton label="New collection" onClick={() => setCreating(true)} />
          <FormAlert notice={outcome} />
        </div>
      ) : (
        <ReadOnlyNotice>Your role may view the collections but not change them.</ReadOnlyNotice>
      )}
      {sheet}
      <AdminList
        label="Collections"
        hideCaption
        columns={columns}
        sortable={sortable}
        defaultOrder={DEFAULT_ORDER}
        filters={filters}
        queryKey={theaterAdminQueryKey(environment, 'collections')}
        fetchPage={(query) => getCollections(environment, query)}
        getRowId={(collection) => collection.collectionID}
        csvFileName={`theater-collections-${environment}`}
        emptyText={THEATER_MESSAGES.collectionsEmpty}
        rowAction={
          canEdit
            ? {
                header: 'Change',
                cell: (collection) => (
                  <button
                    type="button"
                    className={listStyles.plainButton}
                    aria-label={`Edit collection ${collection.collectionID}`}
                    onClick={() => show(collection.collectionID, null)}
                  >
                    Edit
                  </button>
                ),
              }
            : undefined
        }
      />
    </>
  );
}
