import { EXPERIMENTS_ADMIN_ACTIONS as ACTIONS } from '@outpost/contracts/experiments/contract';
import {
  type CreateExperimentInput,
  EXPERIMENT_LIMITS,
  type ExperimentMetric,
  type ExperimentState,
  type ExperimentVariant,
  experimentVariantSchema,
  EXPERIMENT_MESSAGES as SAY,
  type UpdateExperimentInput,
  updateExperimentInputSchema,
} from '@outpost/contracts/experiments/schemas';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod/mini';
import { type AdminChange, adminLogRecord, appendAdminLog, editData, OPERATOR } from '../backoffice/index';
import type { GameDatabase } from '../database';
import type { ParameterUseCheck, SegmentUseCheck } from '../domain';
import { isPostgres } from '../platform/db/dialect';
import { isUniqueViolation } from '../platform/db/errors';
import { FunctionError } from '../platform/http/errors';
import { checkParameterValues, liveParameter, ParameterGoneError, rollOutParameterValue } from '../remote-config/index';
import { segmentForUse } from '../segments/index';
import type { ExperimentRow } from './tables';

/*
 * Every read and write of experiments in one environment's store. A write names the revision the
 * admin loaded, so nobody overwrites what they did not see; each admin change appends its admin-log
 * entry in its transaction. One experiment at a time tests a parameter: the partial unique index
 * on scheduled and running experiments' parameter (the migration) refuses the second start on
 * either store, however close the two come.
 */

const DAY_MS = 86_400_000;

/** An experiment as stored, its variants parsed. */
export type StoredExperiment = Omit<ExperimentRow, 'variants' | 'metric' | 'state'> & {
  variants: ExperimentVariant[];
  metric: ExperimentMetric;
  state: ExperimentState;
};

export const storedExperiment = (row: ExperimentRow): StoredExperiment => ({
  ...row,
  variants: z.parse(z.array(experimentVariantSchema), JSON.parse(row.variants)),
  metric: row.metric as ExperimentMetric,
  state: row.state as ExperimentState,
});

type Reader = Kysely<GameDatabase> | Transaction<GameDatabase>;

const refuse = (message: string) => new FunctionError('invalid-argument', message);
const conflict = (message: string) => new FunctionError('aborted', message);
const notFound = () => new FunctionError('not-found', SAY.notFound);

export async function listExperiments(db: Reader): Promise<StoredExperiment[]> {
  const rows = await db
    .selectFrom('experiments')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('experiment_id')
    .execute();
  return rows.map(storedExperiment);
}

export async function findExperiment(db: Reader, experimentID: string): Promise<StoredExperiment | null> {
  const row = await db
    .selectFrom('experiments')
    .selectAll()
    .where('experiment_id', '=', experimentID)
    .executeTakeFirst();
  return row ? storedExperiment(row) : null;
}

/** The experiment, held to the commit on PostgreSQL so two writes of it queue; refused 404 when it is not there. */
async function heldExperiment(trx: Transaction<GameDatabase>, experimentID: string): Promise<StoredExperiment> {
  const row = await trx
    .selectFrom('experiments')
    .selectAll()
    .where('experiment_id', '=', experimentID)
    .$if(isPostgres<GameDatabase>(trx), (query) => query.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound();
  return storedExperiment(row);
}

type Fields = Omit<UpdateExperimentInput, 'revision'>;
type CheckedFields = Required<Omit<Fields, 'description'>> & { description: string };

/**
 * What a draft must be beyond its shape: its parameter live, each variant's value of the
 * parameter's type and schema, its segment the environment's (held against deletion to the commit,
 * segmentForUse), its window in order and at most EXPERIMENT_LIMITS.days long, its start to come.
 */
async function checkFields(trx: Transaction<GameDatabase>, fields: CheckedFields, now: Date): Promise<void> {
  const parameter = await liveParameter(trx, fields.parameterKey);
  if (!parameter) throw refuse(SAY.unknownParameter(fields.parameterKey));
  for (const variant of fields.variants) {
    try {
      checkParameterValues(parameter, [['value', variant.value]]);
    } catch (error) {
      if (error instanceof FunctionError) throw refuse(SAY.wrongValue(variant.name, error.message));
      throw error;
    }
  }
  if (fields.segmentID !== null && !(await segmentForUse(trx, fields.segmentID))) {
    throw refuse(SAY.unknownSegment(fields.segmentID));
  }
  if (fields.startsAt !== null && Date.parse(fields.startsAt) < now.getTime()) throw refuse(SAY.startInPast);
  checkWindow(fields.startsAt === null ? now : new Date(fields.startsAt), fields.endsAt);
}

function checkWindow(start: Date, endsAt: string | null): void {
  if (endsAt === null) return;
  const length = Date.parse(endsAt) - start.getTime();
  if (length <= 0 || length > EXPERIMENT_LIMITS.days * DAY_MS) throw refuse(SAY.window);
}

const iso = (at: string | null) => (at === null ? null : new Date(at).toISOString());

/** The stored columns of an experiment's fields. */
const columnsOf = (fields: CheckedFields) => ({
  name: fields.name,
  description: fields.description,
  parameter_key: fields.parameterKey,
  segment_id: fields.segmentID,
  variants: JSON.stringify(fields.variants),
  metric: fields.metric,
  starts_at: iso(fields.startsAt),
  ends_at: iso(fields.endsAt),
});

/** An admin's fields as checked and stored: no description is an empty one. */
const fieldsOf = (input: Fields): CheckedFields => ({ ...input, description: input.description ?? '' });

/** A stored experiment's fields, as its admin would send them again. */
const storedFields = (experiment: StoredExperiment): CheckedFields => ({
  name: experiment.name,
  description: experiment.description,
  parameterKey: experiment.parameter_key,
  segmentID: experiment.segment_id,
  variants: experiment.variants,
  metric: experiment.metric,
  startsAt: experiment.starts_at,
  endsAt: experiment.ends_at,
});

/** The fields as the log reads them. */
const loggedFields = (experiment: StoredExperiment | CheckedFields) =>
  'experiment_id' in experiment
    ? storedFields(experiment)
    : { ...experiment, startsAt: iso(experiment.startsAt), endsAt: iso(experiment.endsAt) };

export async function createExperiment(
  db: Kysely<GameDatabase>,
  input: CreateExperimentInput,
  change: AdminChange,
): Promise<StoredExperiment> {
  const now = change.now ?? new Date();
  const { experimentID, ...rest } = input;
  const fields = fieldsOf(rest);
  const row: ExperimentRow = {
    experiment_id: experimentID,
    ...columnsOf(fields),
    state: 'draft',
    started_at: null,
    ended_at: null,
    winner: null,
    revision: 1,
    created_at: now.toISOString(),
    created_by: change.admin,
  };
  try {
    await db.transaction().execute(async (trx) => {
      await checkFields(trx, fields, now);
      // The entry's startsAt would read as a start: a draft's planned window is under its own names.
      const { startsAt, endsAt, ...logged } = loggedFields(fields);
      await appendAdminLog(
        trx,
        adminLogRecord(change, ACTIONS.create, { experimentID, ...logged, plannedStart: startsAt, plannedEnd: endsAt }),
      );
      await trx.insertInto('experiments').values(row).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SAY.idTaken);
    throw error;
  }
  return storedExperiment(row);
}

/** A write of an experiment at the revision the admin loaded: refused (409) when someone wrote since. */
async function writeExperiment(
  trx: Transaction<GameDatabase>,
  before: StoredExperiment,
  set: Partial<Omit<ExperimentRow, 'experiment_id' | 'revision' | 'created_at' | 'created_by'>>,
): Promise<StoredExperiment> {
  try {
    const row = await trx
      .updateTable('experiments')
      .set({ ...set, revision: before.revision + 1 })
      .where('experiment_id', '=', before.experiment_id)
      .where('revision', '=', before.revision)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw conflict(SAY.stale);
    return storedExperiment(row);
  } catch (error) {
    // Another experiment of the parameter was scheduled or started meanwhile (the partial unique index).
    if (isUniqueViolation(error)) throw conflict(SAY.parameterBusy(set.parameter_key ?? before.parameter_key));
    throw error;
  }
}

/** Saves a draft or scheduled experiment whole, at the revision the admin loaded. */
export async function updateExperiment(
  db: Kysely<GameDatabase>,
  experimentID: string,
  input: UpdateExperimentInput,
  change: AdminChange,
): Promise<StoredExperiment> {
  const now = change.now ?? new Date();
  const { revision, ...rest } = input;
  const fields = fieldsOf(rest);
  return db.transaction().execute(async (trx) => {
    const before = await heldExperiment(trx, experimentID);
    if (before.revision !== revision) throw conflict(SAY.stale);
    if (before.state !== 'draft' && before.state !== 'scheduled') throw conflict(SAY.notEditable);
    if (before.state === 'scheduled' && fields.startsAt === null) throw refuse(SAY.scheduledNeedsStart);
    await checkFields(trx, fields, now);
    await appendAdminLog(
      trx,
      adminLogRecord(
        change,
        ACTIONS.update,
        editData({ experimentID }, loggedEditOf(loggedFields(before)), loggedEditOf(loggedFields(fields))),
      ),
    );
    return writeExperiment(trx, before, columnsOf(fields));
  });
}

/** An edit's fields for the log, the window under names that do not read as a start. */
function loggedEditOf({ startsAt, endsAt, ...rest }: ReturnType<typeof loggedFields>) {
  return { ...rest, plannedStart: startsAt, plannedEnd: endsAt };
}

const DELETABLE: ReadonlySet<ExperimentState> = new Set(['draft', 'stopped', 'rolled-out']);

/** Deletes a draft, stopped or rolled-out experiment with its exposures; a scheduled or running one stays. */
export async function deleteExperiment(
  db: Kysely<GameDatabase>,
  experimentID: string,
  change: AdminChange,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await heldExperiment(trx, experimentID);
    if (!DELETABLE.has(before.state)) throw conflict(SAY.notDeletable);
    await appendAdminLog(
      trx,
      adminLogRecord(change, ACTIONS.delete, { experimentID, name: before.name, parameterKey: before.parameter_key }),
    );
    await trx.deleteFrom('experiment_exposures').where('experiment_id', '=', experimentID).execute();
    await trx.deleteFrom('experiments').where('experiment_id', '=', experimentID).execute();
  });
}

/**
 * Starts a draft now, or schedules it for `startsAt` (the request's, else its own when still to
 * come). Its fields are checked again (the parameter may have left the live config since it was
 * drafted); another experiment scheduled or running on the parameter refuses it (409).
 */
export async function startExperiment(
  db: Kysely<GameDatabase>,
  experimentID: string,
  input: { revision: number; startsAt?: string },
  change: AdminChange,
): Promise<StoredExperiment> {
  const now = change.now ?? new Date();
  if (input.startsAt !== undefined && Date.parse(input.startsAt) < now.getTime()) throw refuse(SAY.startInPast);
  return db.transaction().execute(async (trx) => {
    const before = await heldExperiment(trx, experimentID);
    if (before.revision !== input.revision) throw conflict(SAY.stale);
    if (before.state !== 'draft') throw conflict(SAY.notStartable);
    const planned = input.startsAt ?? before.starts_at;
    const startsAt = planned !== null && Date.parse(planned) > now.getTime() ? new Date(planned).toISOString() : null;
    await checkFields(trx, { ...storedFields(before), startsAt }, now);
    await appendAdminLog(
      trx,
      adminLogRecord(change, ACTIONS.start, {
        experimentID,
        name: before.name,
        parameterKey: before.parameter_key,
        ...(startsAt ? { startsAt } : {}),
      }),
    );
    return writeExperiment(
      trx,
      before,
      startsAt
        ? { state: 'scheduled', starts_at: startsAt }
        : { state: 'running', started_at: now.toISOString(), starts_at: before.starts_at ?? null },
    );
  });
}

export async function stopExperiment(
  db: Kysely<GameDatabase>,
  experimentID: string,
  input: { revision: number },
  change: AdminChange,
): Promise<StoredExperiment> {
  const now = change.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const before = await heldExperiment(trx, experimentID);
    if (before.revision !== input.revision) throw conflict(SAY.stale);
    if (before.state !== 'running') throw conflict(SAY.notRunning);
    await appendAdminLog(
      trx,
      adminLogRecord(change, ACTIONS.stop, { experimentID, name: before.name, parameterKey: before.parameter_key }),
    );
    return writeExperiment(trx, before, { state: 'stopped', ended_at: now.toISOString() });
  });
}

/**
 * Rolls a variant out: its value becomes the parameter's default value, published as remote
 * config's next version by remote config's own functions (its save and publish, with their
 * entries), and the experiment is marked rolled out with its own entry, all in one transaction
 * that holds the experiment's row first (to the commit on PostgreSQL; SQLite's writes queue
 * whole). Two admins rolling out at once queue on the row: the second finds the revision moved and
 * answers 409 with nothing written, so the live value is the recorded winner's. A refused save or
 * publish (someone saving or publishing meanwhile) rolls everything back: the draft, its
 * unpublished work and the experiment stay as they were.
 */
export async function rollOutExperiment(
  db: Kysely<GameDatabase>,
  experimentID: string,
  input: { revision: number; variant: string },
  change: AdminChange,
): Promise<StoredExperiment> {
  const now = change.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const before = await heldExperiment(trx, experimentID);
    if (before.revision !== input.revision) throw conflict(SAY.stale);
    if (before.state !== 'running' && before.state !== 'stopped') throw conflict(SAY.cannotRollOut);
    const variant = before.variants.find((one) => one.name === input.variant);
    if (!variant) throw refuse(SAY.unknownVariant);
    try {
      await rollOutParameterValue(
        trx,
        {
          key: before.parameter_key,
          value: variant.value,
          description: `Rolled out “${variant.name}” of the experiment “${before.name}”`,
        },
        change,
        [experimentParameterUse],
      );
    } catch (error) {
      if (error instanceof ParameterGoneError) throw refuse(SAY.unknownParameter(error.key));
      throw error;
    }
    await appendAdminLog(
      trx,
      adminLogRecord(change, ACTIONS.rollOut, {
        experimentID,
        name: before.name,
        parameterKey: before.parameter_key,
        variant: variant.name,
        value: variant.value,
      }),
    );
    return writeExperiment(trx, before, {
      state: 'rolled-out',
      winner: variant.name,
      ended_at: before.ended_at ?? now.toISOString(),
    });
  });
}

/**
 * The job's part, for one environment: starts the scheduled experiments whose time came and stops
 * the running ones whose end came, each logged in the same transaction as by nobody's account (the
 * admin who scheduled it was logged with the window). Each is a conditional update, so of two
 * instances running it at once only one changes, and logs, each experiment.
 */
export async function advanceExperiments(
  db: Kysely<GameDatabase>,
  environment: AdminChange['environment'],
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const change: AdminChange = { environment, admin: OPERATOR, now };
  return db.transaction().execute(async (trx) => {
    const started = await moveOnTime(trx, change, ON_TIME.start, at);
    const ended = await moveOnTime(trx, change, ON_TIME.stop, at);
    return started + ended;
  });
}

/** The job's two moves: from which state, at which planned time, to which state, with which real time. */
const ON_TIME = {
  start: { action: ACTIONS.start, from: 'scheduled', due: 'starts_at', to: 'running', happened: 'started_at' },
  stop: { action: ACTIONS.stop, from: 'running', due: 'ends_at', to: 'stopped', happened: 'ended_at' },
} as const;

/** Moves every experiment whose planned time came, with its real time its planned one, each logged; answers how many. */
async function moveOnTime(
  trx: Transaction<GameDatabase>,
  change: AdminChange,
  move: (typeof ON_TIME)[keyof typeof ON_TIME],
  at: string,
): Promise<number> {
  const moved = await trx
    .updateTable('experiments')
    .set((eb) => ({ state: move.to, [move.happened]: eb.ref(move.due), revision: eb(eb.ref('revision'), '+', 1) }))
    .where('state', '=', move.from)
    .where(move.due, '<=', at)
    .returning(['experiment_id', 'name', 'parameter_key'])
    .execute();
  for (const row of moved) await logOnTime(trx, change, move.action, row);
  return moved.length;
}

/** A start or stop the job made at the experiment's own time: `onTime` is what the log's sentence says it by. */
function logOnTime(
  trx: Transaction<GameDatabase>,
  change: AdminChange,
  action: typeof ACTIONS.start | typeof ACTIONS.stop,
  row: Pick<ExperimentRow, 'experiment_id' | 'name' | 'parameter_key'>,
): Promise<void> {
  return appendAdminLog(
    trx,
    adminLogRecord(change, action, {
      experimentID: row.experiment_id,
      name: row.name,
      parameterKey: row.parameter_key,
      onTime: true,
    }),
  );
}

/** Moves a scheduled experiment's start (the calendar's move), keeping its length when it has an end; logged as an edit. */
export async function rescheduleExperiment(
  db: Kysely<GameDatabase>,
  experimentID: string,
  startsAt: Date,
  change: AdminChange,
): Promise<StoredExperiment> {
  const before = await findExperiment(db, experimentID);
  if (!before) throw notFound();
  if (before.state !== 'scheduled' || before.starts_at === null) throw conflict(SAY.notEditable);
  const length = before.ends_at === null ? null : Date.parse(before.ends_at) - Date.parse(before.starts_at);
  // Parsed as the screen's save is: an end pushed past the year 9999 is refused (400) in the contract's words.
  const input = updateExperimentInputSchema.parse({
    ...storedFields(before),
    startsAt: startsAt.toISOString(),
    endsAt: length === null ? null : new Date(startsAt.getTime() + length).toISOString(),
    revision: before.revision,
  });
  return updateExperiment(db, experimentID, input, change);
}

/** Puts a scheduled experiment back to draft (the calendar's cancel), its planned window kept; logged as an edit. */
export async function unscheduleExperiment(
  db: Kysely<GameDatabase>,
  experimentID: string,
  change: AdminChange,
): Promise<StoredExperiment> {
  return db.transaction().execute(async (trx) => {
    const before = await heldExperiment(trx, experimentID);
    if (before.state !== 'scheduled') throw conflict(SAY.notEditable);
    await appendAdminLog(
      trx,
      adminLogRecord(
        change,
        ACTIONS.update,
        editData({ experimentID, name: before.name }, { state: before.state }, { state: 'draft' }),
      ),
    );
    return writeExperiment(trx, before, { state: 'draft' });
  });
}

/** States in which an experiment still draws players from its segment. */
const USING_SEGMENT: readonly ExperimentState[] = ['draft', 'scheduled', 'running'];

/** An experiment not yet over names its segment: it stays until the experiment stops. */
export const experimentSegmentUse: SegmentUseCheck = async (db, segmentID) => {
  const row = await db
    .selectFrom('experiments')
    .select('name')
    .where('segment_id', '=', segmentID)
    .where('state', 'in', USING_SEGMENT)
    .orderBy('name')
    .executeTakeFirst();
  return row ? `the experiment “${row.name}”` : null;
};

/** States in which an experiment's variants are, or are about to be, what its players get. */
const TESTING: readonly ExperimentState[] = ['scheduled', 'running'];

/**
 * A scheduled or running experiment's variants are values of its parameter: a publish that removes
 * the parameter, or changes its type or schema so that a variant's value no longer passes, is
 * refused while the experiment lasts (its players would get a value the game cannot read).
 */
export const experimentParameterUse: ParameterUseCheck = async (db, template) => {
  const rows = await db.selectFrom('experiments').selectAll().where('state', 'in', TESTING).orderBy('name').execute();
  for (const experiment of rows.map(storedExperiment)) {
    const parameter = template.parameters.find((one) => one.key === experiment.parameter_key);
    if (!parameter) return SAY.parameterTested(experiment.name, experiment.parameter_key);
    for (const variant of experiment.variants) {
      try {
        checkParameterValues(parameter, [['value', variant.value]]);
      } catch (error) {
        if (error instanceof FunctionError) return SAY.variantBroken(experiment.name, variant.name, error.message);
        throw error;
      }
    }
  }
  return null;
};
