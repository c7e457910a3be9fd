import { adminExperimentPath } from '@outpost/contracts/experiments/paths';
import { EXPERIMENT_MESSAGES, EXPERIMENT_METRIC_LABELS } from '@outpost/contracts/experiments/schemas';
import { refuseStarted } from '../calendar/index';
import type { CalendarRecord, CalendarSource, CountedStores } from '../domain';
import { FunctionError } from '../platform/http/errors';
import { enqueueExperimentWindow } from './jobs';
import { findExperiment, listExperiments, rescheduleExperiment, unscheduleExperiment } from './queries';
import { segmentNames } from './segment-names';

/** Where an experiment stands on the calendar: waiting, running, or over (stopped or rolled out). */
const STATE = { scheduled: 'scheduled', running: 'under-way', stopped: 'done', 'rolled-out': 'done' } as const;

/** A scheduled experiment the calendar moves or cancels: still to come (calendar's rule), else refused. */
async function scheduled(game: CountedStores['game'], experimentID: string, operation: 'move' | 'cancel') {
  const experiment = await findExperiment(game, experimentID);
  if (!experiment) throw new FunctionError('not-found', EXPERIMENT_MESSAGES.notFound);
  if (experiment.state !== 'scheduled' || experiment.starts_at === null) {
    throw new FunctionError('aborted', EXPERIMENT_MESSAGES.notEditable);
  }
  refuseStarted(experiment.starts_at, operation);
  return experiment;
}

/**
 * Experiments on the calendar (docs/decisions/0139-the-calendar.md): every experiment not a draft,
 * as a window from its start (as it happened, else as planned) to its end (likewise). A running one
 * with no end planned is drawn up to now, as a reward under way is (rewards/calendar.ts): it shows
 * on every day it has run and grows as the calendar is read again; an open end would draw it as a
 * moment at its start, gone from the days it is running. A scheduled one moves with its length kept
 * (an edit of its start, logged as such, its start's run queued as its screen queues it), and is
 * cancelled back to a draft, its plan kept, to be started or deleted from its own screen.
 */
export const experimentsCalendar: CalendarSource = {
  kind: 'experiment',
  capability: 'manageShop',
  async entries({ game }, { from, to, now }) {
    const experiments = (await listExperiments(game)).filter((experiment) => experiment.state !== 'draft');
    const segmentName = await segmentNames(game, experiments);
    return experiments.flatMap((experiment): CalendarRecord[] => {
      const startsAt = experiment.started_at ?? experiment.starts_at;
      if (startsAt === null || experiment.state === 'draft') return [];
      const endsAt =
        experiment.ended_at ?? experiment.ends_at ?? (experiment.state === 'running' ? now.toISOString() : null);
      const last = Date.parse(endsAt ?? startsAt);
      if (Date.parse(startsAt) >= to.getTime() || last < from.getTime()) return [];
      const who =
        experiment.segment_id === null
          ? 'every signed-in player'
          : `“${segmentName.get(experiment.segment_id) ?? experiment.segment_id}”`;
      return [
        {
          kind: 'experiment',
          entryID: experiment.experiment_id,
          title: `Experiment “${experiment.name}”`,
          detail: `${experiment.parameter_key} on ${who}, ${experiment.variants.length} variants, by ${EXPERIMENT_METRIC_LABELS[experiment.metric].toLowerCase()}`,
          startsAt: new Date(startsAt).toISOString(),
          endsAt: endsAt === null ? null : new Date(endsAt).toISOString(),
          state: STATE[experiment.state],
          href: adminExperimentPath(experiment.experiment_id),
        },
      ];
    });
  },
  // The moved start's run is queued after the commit, as the screen's routes queue theirs; the sweep
  // (jobs.ts) starts it should this be lost, and a run left at the old time finds nothing due.
  async move({ game, identity }, entryID, startsAt, change) {
    await scheduled(game, entryID, 'move');
    await enqueueExperimentWindow(
      identity,
      change.environment,
      await rescheduleExperiment(game, entryID, startsAt, change),
    );
  },
  async cancel({ game }, entryID, change) {
    await scheduled(game, entryID, 'cancel');
    await unscheduleExperiment(game, entryID, change);
  },
};
