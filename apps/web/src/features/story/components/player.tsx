import { useEffect, useRef, useState } from 'react';
import type { PlayerSource } from '../player-source';
import { Poster } from './poster';
import styles from './viewer.module.css';

/**
 * The click-to-play stage: until the visitor presses Play it is only our own picture and a
 * button, so no player script, frame or request reaches YouTube or Vimeo. Pressing Play puts
 * the player in its place and gives it the focus, so the keyboard can pause it at once.
 */
export function Player({
  title,
  poster,
  source,
}: {
  title: string;
  poster: string | null;
  source: PlayerSource | null;
}) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (playing) (frame.current ?? video.current)?.focus();
  }, [playing]);

  if (playing && source?.kind === 'frame') {
    return (
      <div className={styles.stage}>
        <iframe
          ref={frame}
          className={styles.screen}
          src={source.src}
          title={`${title} (${source.provider} player)`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          // Our pages send no referrer; the embedded players refuse to play without the origin.
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  if (playing && source?.kind === 'video') {
    return (
      <div className={styles.stage}>
        {/* biome-ignore lint/a11y/useMediaCaption: episodes come from the game's video files, which carry no caption track */}
        <video ref={video} className={styles.screen} src={source.src} controls autoPlay playsInline />
      </div>
    );
  }
  return (
    <div className={styles.stage}>
      {/* Without a picture, the drawn backdrop alone: the title is right above and the button on top. */}
      <Poster src={poster} placeholder="" className={styles.screen} eager />
      <div className={styles.facade}>
        {source ? (
          <>
            <button type="button" className={`button ${styles.play}`} onClick={() => setPlaying(true)}>
              <span aria-hidden="true">▶ </span>Play {title}
            </button>
            {source.kind === 'frame' && <p className={styles.facadeNote}>Plays in the {source.provider} player.</p>}
          </>
        ) : (
          <p className={styles.facadeNote}>This episode cannot be played yet.</p>
        )}
      </div>
    </div>
  );
}
