import type { Environment } from '@outpost/contracts/environments';
import { type AdminEpisode, THEATER_MESSAGES } from '@outpost/contracts/theater';
import { adminColumnHelper } from '../../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../../components/admin-list/list-view';
import { LiveUpdates } from '../../../../components/live-status/live-status';
import { InlineEditedList } from '../../components/inline-editor';
import { formatInstant } from '../../components/local-time';
import { getEpisodes } from '../api/get-episodes';
import { theaterAdminQueryKey } from '../api/query-keys';
import styles from '../theater.module.css';
import { EpisodeForm } from './episode-form';
import { ThumbnailCell } from './thumbnail-cell';

const column = adminColumnHelper<AdminEpisode>();
const columns = column.columns([
  column.accessor('bannerThumbnailUrl', {
    header: 'Banner',
    cell: (cell) => <ThumbnailCell src={cell.getValue()} />,
    meta: { csvHeader: 'Banner thumbnail' },
  }),
  column.accessor('season', { header: 'Season', sortDescFirst: true }),
  column.accessor('episode', { header: 'Episode' }),
  column.accessor('title', { header: 'Title' }),
  column.accessor('episodeID', {
    header: 'ID',
    meta: { priority: 2, nowrap: true },
    cell: (cell) => <span className={styles.mono}>{cell.getValue()}</span>,
  }),
  column.accessor('youtubeID', {
    header: 'YouTube ID',
    meta: { priority: 2, nowrap: true },
    cell: (cell) => <span className={styles.mono}>{cell.getValue() ?? '—'}</span>,
  }),
  column.accessor('favouriteCount', { header: 'Favourites', meta: { priority: 2 } }),
  column.accessor('updatedAt', {
    header: 'Updated',
    sortDescFirst: true,
    meta: { priority: 3, nowrap: true },
    cell: (cell) => formatInstant(cell.getValue()),
  }),
]);
// Season first: by default the list runs as the library does, newest season and episode on top.
const sortable = ['season', 'title', 'updatedAt'] as const;
const filters: readonly AdminListFilter[] = [
  { kind: 'text', param: 'q', label: 'Title or ID' },
  { kind: 'text', param: 'season', label: 'Season', hint: 'A season number.' },
];

/** mtota: the episodes, which staff create with the button above the list or pick to edit; moderators read. */
export function EpisodesPanel({ environment, canEdit }: { environment: Environment; canEdit: boolean }) {
  return (
    <>
      <InlineEditedList
        environment={environment}
        canEdit={canEdit}
        readOnlyText="Your role may view the episodes but not change them."
        newLabel="New episode"
        form={EpisodeForm}
        editLabel={(episode) => `Edit episode ${episode.episodeID}`}
        label="Episodes"
        hideCaption
        columns={columns}
        sortable={sortable}
        filters={filters}
        queryKey={theaterAdminQueryKey(environment, 'episodes')}
        fetchPage={(query) => getEpisodes(environment, query)}
        getRowId={(episode) => episode.episodeID}
        csvFileName={`episodes-${environment}`}
        emptyText={THEATER_MESSAGES.episodesEmpty}
      />
      <LiveUpdates topics={['episodes']} environment={environment} />
    </>
  );
}
