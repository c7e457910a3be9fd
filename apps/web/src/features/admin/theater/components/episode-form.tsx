import { type AdminEpisode, episodeLabel, THEATER_MESSAGES } from '@outpost/contracts/theater';
import { FormField } from '../../../../components/form/form-field';
import type { InlineFormProps } from '../../components/inline-editor';
import { useChangeEpisode } from '../api/change-episode';
import { episodeQueryOptions } from '../api/get-episode';
import { useUploadEpisodeBanner } from '../api/upload-episode-banner';
import {
  checkEpisodeEdit,
  checkNewEpisode,
  defaultIdOf,
  draftFromEpisode,
  newEpisodeDraft,
  youtubeLinkHint,
} from '../episode-form';
import styles from '../theater.module.css';
import { FormFrame } from './form-frame';
import { ImageUpload } from './image-upload';
import { useRecordForm } from './use-record-form';

/**
 * Creates an episode, or edits or deletes the one picked in the list, and uploads its banner.
 * Every field's problem shows at the field, in the words the server would use.
 */
export function EpisodeForm(props: InlineFormProps<AdminEpisode>) {
  const { environment } = props;
  const episodes = useChangeEpisode(environment);
  const banner = useUploadEpisodeBanner(environment);
  const { base, setBase, draft, field, frame } = useRecordForm({
    ...props,
    noun: 'episode',
    buttonNoun: 'episode',
    idOf: (episode) => episode.episodeID,
    draftOf: (episode) => (episode ? draftFromEpisode(episode) : newEpisodeDraft()),
    latest: (episode) => episodeQueryOptions(environment, episode.episodeID),
    create: {
      check: checkNewEpisode,
      confirmation: (title) => <p>This puts the episode “{title}” on the air in production.</p>,
      request: (input) => episodes.mutateAsync({ kind: 'create', input }),
      done: THEATER_MESSAGES.episodeCreated,
    },
    update: {
      check: checkEpisodeEdit,
      confirmation: (title) => <p>This saves the episode “{title}” in production, where players watch it.</p>,
      request: (episodeID, input) => episodes.mutateAsync({ kind: 'update', episodeID, input }),
      done: THEATER_MESSAGES.episodeSaved,
    },
    remove: {
      confirmation: (episode) => ({
        message: (
          <p>
            This takes “{episode.title}” ({episodeLabel(episode)}) off the air in {environment}, with its banner, its
            in-game stats and the players’ favourites of it.
          </p>
        ),
      }),
      request: (episodeID) => episodes.mutateAsync({ kind: 'delete', episodeID }),
      done: THEATER_MESSAGES.episodeDeleted,
    },
  });

  const defaultId = defaultIdOf(draft);
  return (
    <FormFrame {...frame}>
      <FormField
        label="Episode ID"
        {...field('episodeID')}
        readOnly={base !== null}
        placeholder={base ? undefined : (defaultId ?? undefined)}
        hint={
          base
            ? `An episode keeps its ID: it is its address, /story/${base.episodeID}.`
            : defaultId
              ? `Optional. Left empty, it is ${defaultId}, and the episode opens at /story/${defaultId}.`
              : 'Optional. Left empty, it is made of the season and episode numbers, like s2e10.'
        }
        autoCapitalize="none"
        spellCheck={false}
      />
      <div className={styles.pair}>
        <FormField label="Season" inputMode="numeric" autoComplete="off" {...field('season')} />
        <FormField label="Episode" inputMode="numeric" autoComplete="off" {...field('episode')} />
      </div>
      <FormField label="Title" {...field('title')} />
      <FormField
        label="YouTube link"
        type="url"
        inputMode="url"
        spellCheck={false}
        hint={youtubeLinkHint(draft.youtubeUrl)}
        {...field('youtubeUrl')}
      />
      <FormField
        label="Video URL"
        type="url"
        inputMode="url"
        spellCheck={false}
        hint="Or a direct https:// address of the video, played when there is no YouTube link."
        {...field('url')}
      />
      {base ? (
        <ImageUpload
          environment={environment}
          kind="Banner"
          current={base.bannerThumbnailUrl}
          owner={`the episode “${base.title}”`}
          upload={(file) => banner.mutateAsync({ episodeID: base.episodeID, file })}
          onUploaded={setBase}
          uploaded={THEATER_MESSAGES.episodeSaved}
        />
      ) : (
        <p className={styles.note}>The banner is uploaded once the episode exists: pick it in the list with Edit.</p>
      )}
    </FormFrame>
  );
}
