import { type AdminTheaterVideo, THEATER_MESSAGES } from '@outpost/contracts/theater';
import { FormField } from '../../../../components/form/form-field';
import type { InlineFormProps } from '../../components/inline-editor';
import { useChangeVideo } from '../api/change-video';
import { videoQueryOptions } from '../api/get-video';
import { useUploadVideoThumbnail } from '../api/upload-video-thumbnail';
import styles from '../theater.module.css';
import { checkNewVideo, checkVideoEdit, draftFromVideo, newVideoDraft, vimeoHint } from '../video-form';
import { FormFrame } from './form-frame';
import { ImageUpload } from './image-upload';
import { useRecordForm } from './use-record-form';

/** Creates a theater video, or edits or deletes the one picked in the list, and uploads its thumbnail. */
export function VideoForm(props: InlineFormProps<AdminTheaterVideo>) {
  const { environment } = props;
  const videos = useChangeVideo(environment);
  const thumbnail = useUploadVideoThumbnail(environment);
  const { base, setBase, draft, field, frame } = useRecordForm({
    ...props,
    noun: 'theater video',
    buttonNoun: 'video',
    idOf: (video) => video.videoID,
    draftOf: (video) => (video ? draftFromVideo(video) : newVideoDraft()),
    latest: (video) => videoQueryOptions(environment, video.videoID),
    create: {
      check: checkNewVideo,
      confirmation: (title) => <p>This adds the theater video “{title}” in production, where players can open it.</p>,
      request: (input) => videos.mutateAsync({ kind: 'create', input }),
      done: THEATER_MESSAGES.videoCreated,
    },
    update: {
      check: checkVideoEdit,
      confirmation: (title) => <p>This saves the theater video “{title}” in production, where players watch it.</p>,
      request: (videoID, input) => videos.mutateAsync({ kind: 'update', videoID, input }),
      done: THEATER_MESSAGES.videoSaved,
    },
    remove: {
      confirmation: (video) => ({
        message: (
          <p>
            This deletes “{video.title}” from {environment}, with its thumbnail
            {video.collections.length > 0 ? ', and takes it out of these collections:' : '.'}
          </p>
        ),
        items: video.collections,
      }),
      request: (videoID) => videos.mutateAsync({ kind: 'delete', videoID }),
      done: THEATER_MESSAGES.videoDeleted,
    },
  });

  return (
    <FormFrame {...frame}>
      <FormField
        label="Video ID"
        {...field('videoID')}
        readOnly={base !== null}
        hint={
          base
            ? `A video keeps its ID: it is its address, /story/${base.videoID}.`
            : "Its address: /story/ and this ID. Lower-case letters, digits and '-'; no episode may have it."
        }
        autoCapitalize="none"
        spellCheck={false}
      />
      <FormField label="Title" {...field('title')} />
      <FormField label="Vimeo video" spellCheck={false} hint={vimeoHint(draft.vimeoID)} {...field('vimeoID')} />
      {base ? (
        <ImageUpload
          environment={environment}
          kind="Thumbnail"
          current={base.thumbnail}
          owner={`the theater video “${base.title}”`}
          upload={(file) => thumbnail.mutateAsync({ videoID: base.videoID, file })}
          onUploaded={setBase}
          uploaded={THEATER_MESSAGES.videoSaved}
        />
      ) : (
        <p className={styles.note}>The thumbnail is uploaded once the video exists: pick it in the list with Edit.</p>
      )}
    </FormFrame>
  );
}
