import type { RemoteConfigTemplate } from '@outpost/contracts/remote-config/schemas';
import type { SegmentUseCheck } from '../domain';
import { currentVersion, listSchedules, parseTemplate, readDraft } from './queries';

const conditionNaming = (template: RemoteConfigTemplate, segmentID: string) =>
  template.conditions.find((condition) => condition.segment === segmentID)?.name;

/**
 * Where remote config names a segment: the version players get, the draft, a scheduled publish. A
 * segment deleted from under any of them would leave a condition that can never hold.
 */
export const remoteConfigSegmentUse: SegmentUseCheck = async (db, segmentID) => {
  const [current, draft, schedules] = await Promise.all([currentVersion(db), readDraft(db), listSchedules(db)]);
  const live = current && conditionNaming(parseTemplate(current.template), segmentID);
  if (live) return `remote config version ${current.version}'s condition "${live}"`;
  const drafted = conditionNaming(draft.template, segmentID);
  if (drafted) return `the remote config draft's condition "${drafted}"`;
  for (const schedule of schedules) {
    const scheduled = conditionNaming(parseTemplate(schedule.template), segmentID);
    if (scheduled) return `the remote config publish scheduled for ${schedule.publish_at}, condition "${scheduled}"`;
  }
  return null;
};
