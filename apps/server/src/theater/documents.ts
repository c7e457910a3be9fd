import { ROUTES } from '@outpost/contracts/routes';
import { THEATER_MESSAGES, theaterIdSchema } from '@outpost/contracts/theater';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { DocumentHead } from '../platform/http/document-head';
import type { CspSources } from '../platform/http/security-headers';
import type { SpaDocument } from '../platform/http/spa';
import type { FileStore } from '../platform/storage/file-store';
import { readTheaterCard, type TheaterCard } from './library';

/**
 * The story screens' documents: their head rendered on the server, so a shared link previews with the
 * episode's title and banner, and the policy that lets the viewer's players in. The SPA moves between /story,
 * /story/{id} and /story/admin without loading a new document, so all three carry that policy; every other
 * page keeps the strict one.
 */

/** The players the viewer opens once asked (YouTube without cookies, Vimeo), and direct video addresses. */
export const THEATER_CSP_SOURCES: CspSources = {
  'frame-src': ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
  'media-src': ['https:'],
};

const SITE_NAME = 'Outpost';
const THEATER_TITLE = 'Story Theater — Outpost';
const THEATER_DESCRIPTION =
  'Watch mtota, the story of the resistance, season by season: every episode with its in-game stats, and the theater’s videos.';
const NOT_FOUND_TITLE = 'Episode not found — Outpost';

export interface TheaterDocumentsOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
  files: Pick<FileStore, 'url'>;
  /** Where people reach the site: links and images in the head are absolute. */
  publicUrl: string;
  /** The story documents' Content-Security-Policy (the pages' own plus THEATER_CSP_SOURCES). */
  csp: string;
}

function theaterHead(publicUrl: string): DocumentHead {
  const url = new URL(ROUTES.story, publicUrl).toString();
  return {
    title: THEATER_TITLE,
    description: THEATER_DESCRIPTION,
    canonicalUrl: url,
    meta: [
      ['og:type', 'website'],
      ['og:site_name', SITE_NAME],
      ['og:title', THEATER_TITLE],
      ['og:description', THEATER_DESCRIPTION],
      ['og:url', url],
      ['twitter:card', 'summary'],
      ['twitter:title', THEATER_TITLE],
      ['twitter:description', THEATER_DESCRIPTION],
    ],
  };
}

function entryHead(card: TheaterCard, options: TheaterDocumentsOptions): DocumentHead {
  const url = new URL(ROUTES.storyEpisode.replace(':episodeID', encodeURIComponent(card.theaterID)), options.publicUrl);
  const title = `${card.title} — ${SITE_NAME}`;
  const description = `${card.subtitle ?? 'A theater video'} — watch it in the Story Theater`;
  // A file store on this host answers a path; a preview needs the whole address.
  const image = card.imageKey === null ? null : new URL(options.files.url(card.imageKey), options.publicUrl).toString();
  return {
    title,
    description,
    canonicalUrl: url.toString(),
    meta: [
      ['og:type', card.kind === 'episode' ? 'video.episode' : 'video.other'],
      ['og:site_name', SITE_NAME],
      ['og:title', card.title],
      ['og:description', description],
      ['og:url', url.toString()],
      ...(image ? ([['og:image', image]] as const) : []),
      ['twitter:card', image ? 'summary_large_image' : 'summary'],
      ['twitter:title', card.title],
      ['twitter:description', description],
      ...(image ? ([['twitter:image', image]] as const) : []),
    ],
  };
}

const notFoundHead: DocumentHead = { title: NOT_FOUND_TITLE, description: THEATER_MESSAGES.notFound, notFound: true };

export function theaterDocuments(options: TheaterDocumentsOptions): SpaDocument[] {
  const { csp } = options;
  return [
    { path: ROUTES.story, csp, head: async () => theaterHead(options.publicUrl) },
    // Before the viewer's pattern, which would read "admin" as an id.
    { path: ROUTES.storyAdmin, csp },
    {
      path: ROUTES.storyEpisode,
      csp,
      head: async (params) => {
        const id = theaterIdSchema.safeParse(params.episodeID);
        const card = id.success ? await readTheaterCard(options.game, id.data) : null;
        return card ? entryHead(card, options) : notFoundHead;
      },
    },
  ];
}
