import { useEffect, useRef, useState } from 'react';
import { useInView } from '../hooks/use-in-view';
import { usePageLoaded } from '../hooks/use-page-loaded';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import styles from './deferred-video.module.css';

export interface VideoSource {
  src: string;
  type: string;
}

export interface DeferredVideoProps {
  /** Best format first: the browser plays the first one it supports. */
  sources: readonly VideoSource[];
  poster: string;
  /** Names the video in its button: "Play the teaser", "Pause the teaser". */
  title: string;
  caption: string;
  loop?: boolean;
  /** Above the fold: show the poster at once instead of when the player nears the viewport. */
  priority?: boolean;
}

type Status = 'idle' | 'playing' | 'paused' | 'ended';

const BUTTON_TEXT: Record<Status, string> = { idle: 'Play', playing: 'Pause', paused: 'Play', ended: 'Replay' };

/**
 * A muted, inline video that costs nothing until it matters: the poster paints first and the
 * sources are only attached once the page has loaded and the player is near the viewport.
 * It autoplays unless the visitor prefers reduced motion; a labelled button always plays or pauses it.
 */
export function DeferredVideo({ sources, poster, title, caption, loop = false, priority = false }: DeferredVideoProps) {
  const reducedMotion = useReducedMotion();
  const pageLoaded = usePageLoaded();
  const [frameRef, nearViewport] = useInView<HTMLElement>({ rootMargin: '200px 0px' });
  const videoRef = useRef<HTMLVideoElement>(null);
  const [approached, setApproached] = useState(priority);
  const [attached, setAttached] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  // A pause the visitor chose outlives scrolling away and back; one we made to save battery does not.
  const userPaused = useRef(false);
  const playRequested = useRef(false);

  useEffect(() => {
    if (nearViewport) setApproached(true);
  }, [nearViewport]);

  useEffect(() => {
    if (pageLoaded && approached) setAttached(true);
  }, [pageLoaded, approached]);

  // React sets `muted` as a property only; the attribute is what autoplay policies and checkers read.
  useEffect(() => {
    const video = videoRef.current;
    if (video) video.defaultMuted = true;
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !attached) return;
    const wantsToPlay = playRequested.current || (!reducedMotion && !userPaused.current && nearViewport);
    if (wantsToPlay && video.paused && !video.ended) {
      playRequested.current = false;
      startPlayback(video, setStatus);
    } else if (loop && !nearViewport && !video.paused) {
      video.pause();
    }
  }, [attached, nearViewport, reducedMotion, loop]);

  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (!video.paused) {
      userPaused.current = true;
      video.pause();
      return;
    }
    userPaused.current = false;
    if (!attached) {
      // The click came before the sources were attached; play as soon as they are.
      playRequested.current = true;
      setAttached(true);
      return;
    }
    if (video.ended) video.currentTime = 0;
    startPlayback(video, setStatus);
  };

  const prominent = status === 'ended' || (reducedMotion && status !== 'playing');

  return (
    <figure ref={frameRef} className={styles.player}>
      <div className={styles.frame}>
        <video
          ref={videoRef}
          className={styles.video}
          poster={approached ? poster : undefined}
          preload="none"
          muted
          playsInline
          autoPlay={!reducedMotion}
          loop={loop}
          width={640}
          height={360}
          onPlaying={() => setStatus('playing')}
          onPause={(event) => setStatus(event.currentTarget.ended ? 'ended' : 'paused')}
          onEnded={() => setStatus('ended')}
        >
          {attached && sources.map((source) => <source key={source.src} src={source.src} type={source.type} />)}
        </video>
        <button
          type="button"
          className={prominent ? `${styles.toggle} ${styles.prominent}` : styles.toggle}
          aria-label={`${BUTTON_TEXT[status]} ${title}`}
          onClick={toggle}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            {status === 'playing' ? (
              <path d="M6 4h4v16H6zM14 4h4v16h-4z" />
            ) : status === 'ended' ? (
              <path d="M12 5V1L7 6l5 5V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z" />
            ) : (
              <path d="M7 4l13 8-13 8z" />
            )}
          </svg>
          <span>{BUTTON_TEXT[status]}</span>
        </button>
      </div>
      <figcaption className={styles.caption}>{caption}</figcaption>
    </figure>
  );
}

function startPlayback(video: HTMLVideoElement, setStatus: (status: Status) => void) {
  video.muted = true;
  // Autoplay can still be refused (data saver, low-power mode); the button then offers Play.
  video.play().catch(() => setStatus('paused'));
}
