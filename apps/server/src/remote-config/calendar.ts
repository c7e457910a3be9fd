import { CALENDAR_MESSAGES } from '@outpost/contracts/calendar/schemas';
import { changedParameters } from '@outpost/contracts/remote-config/contract';
import { REMOTE_CONFIG_PATHS } from '@outpost/contracts/remote-config/paths';
import { EMPTY_REMOTE_CONFIG_TEMPLATE, type RemoteConfigDiff } from '@outpost/contracts/remote-config/schemas';
import type { CalendarRecord, CalendarSource } from '../domain';
import { FunctionError } from '../platform/http/errors';
import { diffRemoteConfig } from './diff';
import { cancelPublish, reschedulePublish } from './jobs';
import { currentVersion, findVersion, parseTemplate } from './queries';

/** A published version's entry: its number, so it never meets a schedule's (a UUID). */
const VERSION_ENTRY = 'version-';
const versionEntryID = (version: number) => `${VERSION_ENTRY}${version}`;
/** A version went live: it is done, neither moved nor cancelled. */
const isVersionEntry = (entryID: string) => entryID.startsWith(VERSION_ENTRY);

/** "Remote config publish “Weekend banner”": what it is, and the admin's description when there is one. */
const titled = (what: string, description: string) => (description ? `${what} “${description}”` : what);

/** The change in short words: the parameters', else the conditions' (the log's sentences read the same). */
function changeText(diff: RemoteConfigDiff): string {
  const conditions = [...diff.conditions.added, ...diff.conditions.changed, ...diff.conditions.removed];
  return (
    changedParameters(diff.parameters) ??
    (conditions.length > 0 ? `changed conditions: ${conditions.join(', ')}` : 'no change to what players get')
  );
}

/**
 * Remote config on the calendar (docs/decisions/0139-the-calendar.md): each scheduled publish at its
 * time, against the version players get now (as the screen shows it); and each version published in
 * the window, against the one before it, done. A schedule moves and is cancelled as the screen's
 * are: a move is the screen's reschedule (reschedulePublish), whose waiting run follows it.
 */
export const remoteConfigCalendar: CalendarSource = {
  kind: 'remote-config-publish',
  capability: 'manageShop',
  async entries({ game }, { from, to }) {
    const [schedules, versions, current] = await Promise.all([
      game
        .selectFrom('remote_config_schedules')
        .selectAll()
        .where('publish_at', '>=', from.toISOString())
        .where('publish_at', '<', to.toISOString())
        .execute(),
      game
        .selectFrom('remote_config_versions')
        .select('version')
        .where('published_at', '>=', from.toISOString())
        .where('published_at', '<', to.toISOString())
        .execute(),
      currentVersion(game),
    ]);
    const live = current ? parseTemplate(current.template) : EMPTY_REMOTE_CONFIG_TEMPLATE;
    const scheduled = schedules.map(
      (row): CalendarRecord => ({
        kind: 'remote-config-publish',
        entryID: row.schedule_id,
        title: titled('Remote config publish', row.description),
        detail: changeText(diffRemoteConfig(live, parseTemplate(row.template))),
        startsAt: row.publish_at,
        endsAt: null,
        state: 'scheduled',
        href: REMOTE_CONFIG_PATHS.admin,
      }),
    );
    const published = await Promise.all(
      versions.map(async ({ version }): Promise<CalendarRecord[]> => {
        // Pruned between the two reads: no longer anything to show.
        const found = await findVersion(game, version);
        if (!found) return [];
        return [
          {
            kind: 'remote-config-publish',
            entryID: versionEntryID(version),
            title: titled(`Remote config version ${version}`, found.row.description),
            detail: changeText(found.diff),
            startsAt: found.row.published_at,
            endsAt: null,
            state: 'done',
            href: REMOTE_CONFIG_PATHS.admin,
          },
        ];
      }),
    );
    return [...scheduled, ...published.flat()];
  },
  async move(stores, entryID, startsAt, change) {
    if (isVersionEntry(entryID)) throw new FunctionError('aborted', CALENDAR_MESSAGES.cannotMove);
    await reschedulePublish(stores, entryID, startsAt, change);
  },
  // The waiting run is withdrawn after the commit, as the screen's route withdraws it (jobs.ts).
  async cancel(stores, entryID, change) {
    if (isVersionEntry(entryID)) throw new FunctionError('aborted', CALENDAR_MESSAGES.cannotCancel);
    await cancelPublish(stores, entryID, change);
  },
};
