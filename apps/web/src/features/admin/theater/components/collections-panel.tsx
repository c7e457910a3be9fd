import type { Environment } from '@outpost/contracts/environments';
import { type AdminTheaterCollection, THEATER_MESSAGES } from '@outpost/contracts/theater';
import { useState } from 'react';
import { AdminList } from '../../../../components/admin-list/admin-list';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import { adminColumnHelper } from '../../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../../components/admin-list/list-view';
import type { FormNotice } from '../../../../components/form/form-alert';
import { useSearchParams } from '../../../../lib/router/router';
import { formatInstant } from '../../components/local-time';
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
 * The collections that group the theater videos. Staff create one above the list and open it
 * in its editor (the URL names it, `?collection=`), where its videos are ordered; moderators read
 * each collection's videos in the list.
 */
export function CollectionsPanel({ environment, canEdit }: { environment: Environment; canEdit: boolean }) {
  const [params, setParams] = useSearchParams();
  const open = canEdit ? params.get('collection') : null;
  // What the form that shows next says first: "Collection created!" in the editor, "… deleted." back in the new form.
  const [notice, setNotice] = useState<FormNotice | null>(null);
  // A new key per opening, so nothing typed for one collection goes to another.
  const [opening, setOpening] = useState(0);

  const show = (collectionID: string | null, next: FormNotice | null) => {
    const search = new URLSearchParams(params);
    if (collectionID === null) search.delete('collection');
    else search.set('collection', collectionID);
    setNotice(next);
    setOpening((count) => count + 1);
    setParams(search);
  };

  let form = <ReadOnlyNotice>Your role may view the collections but not change them.</ReadOnlyNotice>;
  if (canEdit && open !== null) {
    form = (
      <CollectionEditor
        key={`${environment}/${open}/${opening}`}
        environment={environment}
        collectionID={open}
        initialNotice={notice}
        onClose={(done) => show(null, done)}
      />
    );
  } else if (canEdit) {
    form = (
      <NewCollectionForm
        key={`${environment}/${opening}`}
        environment={environment}
        initialNotice={notice}
        onCreated={(collectionID) => show(collectionID, { tone: 'ok', text: THEATER_MESSAGES.collectionCreated })}
      />
    );
  }

  return (
    <>
      {form}
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
