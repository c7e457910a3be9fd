import type { Environment } from '@outpost/contracts/environments';
import { type AdminTheaterVideo, THEATER_MESSAGES } from '@outpost/contracts/theater';
import { adminColumnHelper } from '../../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../../components/admin-list/list-view';
import { InlineEditedList } from '../../components/inline-editor';
import { formatInstant } from '../../components/local-time';
import { getVideos } from '../api/get-videos';
import { theaterAdminQueryKey } from '../api/query-keys';
import styles from '../theater.module.css';
import { ThumbnailCell } from './thumbnail-cell';
import { VideoForm } from './video-form';

const column = adminColumnHelper<AdminTheaterVideo>();
const columns = column.columns([
  column.accessor('thumbnail', {
    header: 'Thumbnail',
    cell: (cell) => <ThumbnailCell src={cell.getValue()} />,
  }),
  column.accessor('title', { header: 'Title' }),
  column.accessor('videoID', { header: 'ID', cell: (cell) => <span className={styles.mono}>{cell.getValue()}</span> }),
  column.accessor('vimeoID', {
    header: 'Vimeo',
    cell: (cell) => <span className={styles.mono}>{cell.getValue()}</span>,
  }),
  column.accessor((video) => video.collections.join(', '), {
    id: 'collections',
    header: 'Collections',
    cell: (cell) => cell.getValue() || '—',
  }),
  column.accessor('created', {
    header: 'Created',
    meta: { nowrap: true },
    sortDescFirst: true,
    cell: (cell) => formatInstant(cell.getValue()),
  }),
]);
const sortable = ['created', 'title'] as const;
const filters: readonly AdminListFilter[] = [{ kind: 'text', param: 'q', label: 'Title or ID' }];

/** The theater videos (Vimeo): which staff create with the button above the list or pick to edit; moderators read. */
export function VideosPanel({ environment, canEdit }: { environment: Environment; canEdit: boolean }) {
  return (
    <InlineEditedList
      environment={environment}
      canEdit={canEdit}
      readOnlyText="Your role may view the theater videos but not change them."
      newLabel="New theater video"
      form={VideoForm}
      editLabel={(video) => `Edit theater video ${video.videoID}`}
      label="Theater videos"
      hideCaption
      columns={columns}
      sortable={sortable}
      filters={filters}
      queryKey={theaterAdminQueryKey(environment, 'videos')}
      fetchPage={(query) => getVideos(environment, query)}
      getRowId={(video) => video.videoID}
      csvFileName={`theater-videos-${environment}`}
      emptyText={THEATER_MESSAGES.videosEmpty}
    />
  );
}
