/* What segments offer other domains: how their attributes are read and written, and the service the app builds once. */

export { platformBit, withinPlayers } from './attributes';
export { segmentForUse } from './queries';
export { createSegments, type Segments } from './service';
