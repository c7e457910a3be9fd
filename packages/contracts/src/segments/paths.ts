/*
 * The screens' paths of segments, apart from its contract: the web app's route table reads them on
 * every first visit, and the contract's sentences and policies are not needed there.
 */

export const SEGMENTS_PATHS = {
  /** The back office's list. */
  admin: '/admin/segments',
  /** One segment: its editor, its size and its members. */
  adminSegment: '/admin/segments/:segmentID',
} as const;

export const adminSegmentPath = (segmentID: string) =>
  SEGMENTS_PATHS.adminSegment.replace(':segmentID', encodeURIComponent(segmentID));
