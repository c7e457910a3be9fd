/*
 * Where a live stream is in the change feeds it follows: the last sequence number of each store
 * (the identity store and one game store). It travels as the SSE event id, so a browser's
 * EventSource hands it back as Last-Event-ID when it reconnects: `<game seq>.<identity seq>`.
 */

export interface Cursor {
  game: number;
  identity: number;
}

export function formatCursor(cursor: Cursor): string {
  return `${cursor.game}.${cursor.identity}`;
}

/** The cursor a client sent back, or undefined when it is not one of ours. */
export function parseCursor(text: string | undefined): Cursor | undefined {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(text?.trim() ?? '');
  if (!match) return undefined;
  return { game: Number(match[1]), identity: Number(match[2]) };
}
