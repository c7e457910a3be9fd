import type { AdminListPage } from '@outpost/contracts/admin-list';
import { REMOTE_CONFIG_ADMIN_ACTIONS as ACTIONS } from '@outpost/contracts/remote-config/contract';
import {
  EMPTY_REMOTE_CONFIG_TEMPLATE,
  REMOTE_CONFIG_LIMITS,
  type RemoteConfigDiff,
  type RemoteConfigTemplate,
  type RemoteConfigVersionListQuery,
  remoteConfigTemplateSchema,
  REMOTE_CONFIG_MESSAGES as SAY,
} from '@outpost/contracts/remote-config/schemas';
import { type Kysely, sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod/mini';
import { type AdminChange, adminLogRecord, appendAdminLog, OPERATOR } from '../backoffice/index';
import type { GameDatabase } from '../database';
import type { ParameterUseCheck } from '../domain';
import { isPostgres } from '../platform/db/dialect';
import { isUniqueViolation } from '../platform/db/errors';
import { fetchListPage } from '../platform/db/list-page';
import { FunctionError } from '../platform/http/errors';
import { checkRemoteConfigTemplate } from './check-template';
import { diffRemoteConfig, isEmptyDiff } from './diff';
import { type CompiledRemoteConfig, compileRemoteConfig } from './evaluate';
import type { RemoteConfigScheduleRow, RemoteConfigVersionRow } from './tables';

/*
 * Every read and write of remote config in one environment's store. A save of the draft names the
 * revision it started from, and a publish the revision the admin reviewed, so nobody overwrites or
 * publishes what they did not see; each change appends its admin-log entry in its transaction.
 */

const DRAFT_ID = 'draft';

export const parseTemplate = (json: string): RemoteConfigTemplate =>
  z.parse(remoteConfigTemplateSchema, JSON.parse(json));

/** What the log says of a change of parameters: their keys, added, changed and removed. */
const loggedDiff = (diff: RemoteConfigDiff) => ({
  added: diff.parameters.added,
  changed: diff.parameters.changed,
  removed: diff.parameters.removed,
  conditions: [...diff.conditions.added, ...diff.conditions.changed, ...diff.conditions.removed],
});

type Reader = Kysely<GameDatabase> | Transaction<GameDatabase>;

async function currentVersionRow(db: Reader): Promise<RemoteConfigVersionRow | undefined> {
  return db.selectFrom('remote_config_versions').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst();
}

export interface StoredDraft {
  template: RemoteConfigTemplate;
  revision: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** The draft; before anyone saved one, the version players get (or an empty template) at revision 0. */
export async function readDraft(db: Reader): Promise<StoredDraft> {
  const row = await db
    .selectFrom('remote_config_drafts')
    .selectAll()
    .where('draft_id', '=', DRAFT_ID)
    .executeTakeFirst();
  if (row) {
    return {
      template: parseTemplate(row.template),
      revision: row.revision,
      updatedAt: row.updated_at,
      updatedBy: row.updated_by,
    };
  }
  const current = await currentVersionRow(db);
  return {
    template: current ? parseTemplate(current.template) : EMPTY_REMOTE_CONFIG_TEMPLATE,
    revision: 0,
    updatedAt: null,
    updatedBy: null,
  };
}

const draftMoved = () => new FunctionError('aborted', SAY.draftMoved);

/** Writes the draft over `revision`; refuses (409) when someone saved since. */
async function writeDraft(
  trx: Transaction<GameDatabase>,
  json: string,
  revision: number,
  change: AdminChange,
): Promise<number> {
  const at = (change.now ?? new Date()).toISOString();
  if (revision === 0) {
    try {
      await trx
        .insertInto('remote_config_drafts')
        .values({ draft_id: DRAFT_ID, template: json, revision: 1, updated_at: at, updated_by: change.admin })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw draftMoved();
      throw error;
    }
    return 1;
  }
  const updated = await trx
    .updateTable('remote_config_drafts')
    .set({ template: json, revision: revision + 1, updated_at: at, updated_by: change.admin })
    .where('draft_id', '=', DRAFT_ID)
    .where('revision', '=', revision)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw draftMoved();
  return revision + 1;
}

/** Saves the draft the admin edited from `revision`; answers the new revision. */
export async function saveDraft(
  db: Kysely<GameDatabase>,
  template: RemoteConfigTemplate,
  revision: number,
  change: AdminChange,
): Promise<number> {
  return db.transaction().execute((trx) => saveDraftIn(trx, template, revision, change));
}

/** saveDraft's body in the caller's transaction (another domain's write that must stand or fall with it). */
export async function saveDraftIn(
  trx: Transaction<GameDatabase>,
  template: RemoteConfigTemplate,
  revision: number,
  change: AdminChange,
): Promise<number> {
  const json = checkRemoteConfigTemplate(template);
  const before = await readDraft(trx);
  if (before.revision !== revision) throw draftMoved();
  const saved = await writeDraft(trx, json, revision, change);
  await appendAdminLog(
    trx,
    adminLogRecord(change, ACTIONS.saveDraft, {
      revision: saved,
      ...loggedDiff(diffRemoteConfig(before.template, template)),
    }),
  );
  return saved;
}

export interface PublishedVersion {
  row: RemoteConfigVersionRow;
  diff: RemoteConfigDiff;
}

/**
 * Holds the live version to the commit: a publish waits for the transaction that holds it, and one
 * that holds it after a publish reads that publish's version. On PostgreSQL a lock of its own (a
 * new version is a new row, which no row lock of the old one would wait for); SQLite's write
 * transactions are one at a time already. What must agree with the live version (an experiment's
 * variants, ParameterUseCheck) holds it where it reads, so the two cannot pass each other.
 */
export async function holdLiveVersion(db: Kysely<GameDatabase>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.remote-config-live'))`.execute(db);
}

/** Refuses (409, in the use's words) a template that would break what another domain relies on. */
async function refuseBrokenUses(
  trx: Transaction<GameDatabase>,
  template: RemoteConfigTemplate,
  uses: readonly ParameterUseCheck[],
): Promise<void> {
  for (const use of uses) {
    const refusal = await use(trx, template);
    if (refusal !== null) throw new FunctionError('aborted', refusal);
  }
}

/**
 * Publishes `template` as the next version, in `trx`: refused when it is what players get already,
 * when it breaks one of `uses`, or when another publish took the number first (the versions'
 * primary key); the oldest versions past the limit are pruned.
 */
async function insertVersion(
  trx: Transaction<GameDatabase>,
  template: RemoteConfigTemplate,
  fields: { description: string; rollbackOf: number | null; publishedBy: string | null; at: string },
  uses: readonly ParameterUseCheck[],
): Promise<PublishedVersion> {
  await holdLiveVersion(trx);
  const current = await currentVersionRow(trx);
  const diff = diffRemoteConfig(current ? parseTemplate(current.template) : EMPTY_REMOTE_CONFIG_TEMPLATE, template);
  if (current && isEmptyDiff(diff)) throw new FunctionError('invalid-argument', SAY.nothingToPublish);
  await refuseBrokenUses(trx, template, uses);
  const row: RemoteConfigVersionRow = {
    version: (current?.version ?? 0) + 1,
    template: JSON.stringify(template),
    description: fields.description,
    rollback_of: fields.rollbackOf,
    published_at: fields.at,
    published_by: fields.publishedBy,
  };
  try {
    await trx.insertInto('remote_config_versions').values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new FunctionError('aborted', SAY.publishedMeanwhile);
    throw error;
  }
  await trx
    .deleteFrom('remote_config_versions')
    .where('version', '<=', row.version - REMOTE_CONFIG_LIMITS.versionsKept)
    .execute();
  return { row, diff };
}

/** Publishes the draft the admin reviewed (`revision`) now, unless it breaks one of `uses`. */
export async function publishDraft(
  db: Kysely<GameDatabase>,
  input: { description: string; revision: number },
  change: AdminChange,
  uses: readonly ParameterUseCheck[],
): Promise<PublishedVersion> {
  return db.transaction().execute((trx) => publishDraftIn(trx, input, change, uses));
}

/** publishDraft's body in the caller's transaction. */
export async function publishDraftIn(
  trx: Transaction<GameDatabase>,
  input: { description: string; revision: number },
  change: AdminChange,
  uses: readonly ParameterUseCheck[],
): Promise<PublishedVersion> {
  const at = (change.now ?? new Date()).toISOString();
  const draft = await readDraft(trx);
  if (draft.revision !== input.revision) throw draftMoved();
  const published = await insertVersion(
    trx,
    draft.template,
    {
      description: input.description,
      rollbackOf: null,
      publishedBy: change.admin,
      at,
    },
    uses,
  );
  await appendAdminLog(
    trx,
    adminLogRecord(change, ACTIONS.publish, {
      version: published.row.version,
      description: input.description,
      ...loggedDiff(published.diff),
    }),
  );
  return published;
}

/**
 * Publishes version `version`'s template again as the next version. A draft with no unpublished
 * change follows it; one with work in it is kept as it is, to be published or dropped.
 */
export async function rollBack(
  db: Kysely<GameDatabase>,
  version: number,
  change: AdminChange,
  uses: readonly ParameterUseCheck[],
): Promise<PublishedVersion> {
  const at = (change.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('remote_config_versions')
      .selectAll()
      .where('version', '=', version)
      .executeTakeFirst();
    if (!target) throw new FunctionError('not-found', SAY.versionNotFound(version));
    const template = parseTemplate(target.template);
    const before = await currentVersionRow(trx);
    const draft = await readDraft(trx);
    const published = await insertVersion(
      trx,
      template,
      {
        description: `Rollback to version ${version}`,
        rollbackOf: version,
        publishedBy: change.admin,
        at,
      },
      uses,
    );
    const draftWasLive =
      before !== undefined && isEmptyDiff(diffRemoteConfig(parseTemplate(before.template), draft.template));
    if (draftWasLive) await writeDraft(trx, target.template, draft.revision, change);
    await appendAdminLog(
      trx,
      adminLogRecord(change, ACTIONS.rollback, {
        version: published.row.version,
        rollbackOf: version,
        ...loggedDiff(published.diff),
      }),
    );
    return published;
  });
}

/**
 * Keeps the draft the admin reviewed, to be published at `publishAt` by the job (which the caller
 * enqueues); refused now when it would break one of `uses` (its publish is checked again then).
 */
export async function scheduleDraft(
  db: Kysely<GameDatabase>,
  input: { description: string; revision: number; publishAt: string },
  change: AdminChange,
  uses: readonly ParameterUseCheck[],
): Promise<RemoteConfigScheduleRow> {
  const now = change.now ?? new Date();
  if (new Date(input.publishAt).getTime() <= now.getTime()) {
    throw new FunctionError('invalid-argument', SAY.scheduleInPast);
  }
  return db.transaction().execute(async (trx) => {
    const draft = await readDraft(trx);
    if (draft.revision !== input.revision) throw draftMoved();
    await refuseBrokenUses(trx, draft.template, uses);
    const row: RemoteConfigScheduleRow = {
      schedule_id: uuidv7(),
      template: JSON.stringify(draft.template),
      description: input.description,
      publish_at: new Date(input.publishAt).toISOString(),
      scheduled_by: change.admin,
      scheduled_at: now.toISOString(),
    };
    await trx.insertInto('remote_config_schedules').values(row).execute();
    await appendAdminLog(
      trx,
      adminLogRecord(change, ACTIONS.schedule, { publishAt: row.publish_at, description: row.description }),
    );
    return row;
  });
}

export async function cancelSchedule(db: Kysely<GameDatabase>, scheduleID: string, change: AdminChange): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('remote_config_schedules')
      .where('schedule_id', '=', scheduleID)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new FunctionError('not-found', SAY.scheduleNotFound);
    await appendAdminLog(trx, adminLogRecord(change, ACTIONS.cancelSchedule, { publishAt: row.publish_at }));
  });
}

/**
 * Moves a schedule to `publishAt`, by the rule of scheduling (in the future), in the admin log. One
 * conditional update: the publish job racing it either took the schedule first (refused here as
 * gone) or finds it moved (the run of the old time publishes nothing, publishSchedule).
 */
export async function rescheduleSchedule(
  db: Kysely<GameDatabase>,
  scheduleID: string,
  publishAt: Date,
  change: AdminChange,
): Promise<RemoteConfigScheduleRow> {
  if (publishAt.getTime() <= (change.now ?? new Date()).getTime()) {
    throw new FunctionError('invalid-argument', SAY.movedIntoPast);
  }
  return db.transaction().execute(async (trx) => {
    // Held to the commit on PostgreSQL, so two moves at once log each its own time before.
    const before = await trx
      .selectFrom('remote_config_schedules')
      .selectAll()
      .where('schedule_id', '=', scheduleID)
      .$if(isPostgres(db), (query) => query.forUpdate())
      .executeTakeFirst();
    const moved = before
      ? await trx
          .updateTable('remote_config_schedules')
          .set({ publish_at: publishAt.toISOString() })
          .where('schedule_id', '=', scheduleID)
          .returningAll()
          .executeTakeFirst()
      : undefined;
    if (!before || !moved) throw new FunctionError('not-found', SAY.scheduleNotFound);
    await appendAdminLog(
      trx,
      adminLogRecord(change, ACTIONS.reschedule, {
        publishAt: moved.publish_at,
        previousPublishAt: before.publish_at,
        description: moved.description,
      }),
    );
    return moved;
  });
}

/**
 * The job's part: publishes a schedule whose time came and removes it, in one transaction; nothing
 * when it was cancelled or already ran, nor when it was moved off `queuedFor` (the time its run was
 * queued for; a run queued without one publishes whenever it runs). Logged as a publish by the
 * admin who scheduled it.
 */
export async function publishSchedule(
  db: Kysely<GameDatabase>,
  scheduleID: string,
  environment: AdminChange['environment'],
  now: Date,
  uses: readonly ParameterUseCheck[],
  queuedFor?: string,
): Promise<PublishedVersion | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('remote_config_schedules')
      .where('schedule_id', '=', scheduleID)
      .$if(queuedFor !== undefined, (query) => query.where('publish_at', '=', queuedFor ?? ''))
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    const change: AdminChange = { environment, admin: row.scheduled_by ?? OPERATOR, now };
    const template = parseTemplate(row.template);
    const current = await currentVersionRow(trx);
    // The same configuration went live some other way meanwhile: nothing to publish, nothing to retry.
    if (current && isEmptyDiff(diffRemoteConfig(parseTemplate(current.template), template))) return null;
    const published = await insertVersion(
      trx,
      template,
      {
        description: row.description,
        rollbackOf: null,
        publishedBy: row.scheduled_by,
        at: now.toISOString(),
      },
      uses,
    );
    await appendAdminLog(
      trx,
      adminLogRecord(change, ACTIONS.publish, {
        version: published.row.version,
        description: row.description,
        scheduledAt: row.scheduled_at,
        ...loggedDiff(published.diff),
      }),
    );
    return published;
  });
}

export async function listSchedules(db: Reader): Promise<RemoteConfigScheduleRow[]> {
  return db.selectFrom('remote_config_schedules').selectAll().orderBy('publish_at').orderBy('schedule_id').execute();
}

export async function currentVersion(db: Reader): Promise<RemoteConfigVersionRow | undefined> {
  return currentVersionRow(db);
}

/** One page of the versions, newest first, each with its diff against the one before it. */
export async function listVersions(
  db: Kysely<GameDatabase>,
  query: RemoteConfigVersionListQuery,
): Promise<AdminListPage<PublishedVersion>> {
  const filtered = db.selectFrom('remote_config_versions');
  const page = await fetchListPage(filtered, filtered.selectAll().orderBy('version', query.order), query);
  return { ...page, rows: await Promise.all(page.rows.map((row) => withDiff(db, row))) };
}

export async function findVersion(db: Kysely<GameDatabase>, version: number): Promise<PublishedVersion | null> {
  const row = await db
    .selectFrom('remote_config_versions')
    .selectAll()
    .where('version', '=', version)
    .executeTakeFirst();
  return row ? withDiff(db, row) : null;
}

/** A version with its diff against the one before it (the first, or one whose predecessor was pruned, against nothing). */
async function withDiff(db: Kysely<GameDatabase>, row: RemoteConfigVersionRow): Promise<PublishedVersion> {
  const before = await db
    .selectFrom('remote_config_versions')
    .select('template')
    .where('version', '<', row.version)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  const previous = before ? parseTemplate(before.template) : EMPTY_REMOTE_CONFIG_TEMPLATE;
  return { row, diff: diffRemoteConfig(previous, parseTemplate(row.template)) };
}

const compiled = new WeakMap<Kysely<GameDatabase>, CompiledRemoteConfig>();

/**
 * The version players get, compiled. One indexed read of the highest version number per call, so
 * every instance answers the version just published; the template is parsed once per version.
 */
export async function liveRemoteConfig(db: Kysely<GameDatabase>): Promise<CompiledRemoteConfig | null> {
  const top = await db
    .selectFrom('remote_config_versions')
    .select('version')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!top) return null;
  const cached = compiled.get(db);
  if (cached?.version === top.version) return cached;
  const row = await db
    .selectFrom('remote_config_versions')
    .select('template')
    .where('version', '=', top.version)
    .executeTakeFirst();
  // Pruned between the two reads: the next call reads the newer one.
  if (!row) return null;
  const fresh = compileRemoteConfig(top.version, parseTemplate(row.template));
  compiled.set(db, fresh);
  return fresh;
}

/**
 * The demo's configuration, when the store has none: `published` as version 1 by nobody, `draft`
 * as the draft with work in it, and `scheduled` to publish a week after the seed.
 */
export async function seedRemoteConfigDemo(
  db: Kysely<GameDatabase>,
  demo: { published: RemoteConfigTemplate; draft: RemoteConfigTemplate; scheduled: RemoteConfigTemplate },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const seeded = await db
    .insertInto('remote_config_versions')
    .values({
      version: 1,
      template: checkRemoteConfigTemplate(demo.published),
      description: 'The demo configuration',
      rollback_of: null,
      published_at: at,
      published_by: null,
    })
    .onConflict((conflict) => conflict.column('version').doNothing())
    .executeTakeFirst();
  // Only with the first version: a store with versions of its own keeps its draft and schedules.
  if (Number(seeded.numInsertedOrUpdatedRows ?? 0n) === 0) return;
  await db
    .insertInto('remote_config_drafts')
    .values({
      draft_id: DRAFT_ID,
      template: checkRemoteConfigTemplate(demo.draft),
      revision: 1,
      updated_at: at,
      updated_by: null,
    })
    .onConflict((conflict) => conflict.column('draft_id').doNothing())
    .execute();
  await db
    .insertInto('remote_config_schedules')
    .values({
      schedule_id: uuidv7(),
      template: checkRemoteConfigTemplate(demo.scheduled),
      description: 'The weekend event banner',
      publish_at: new Date(now.getTime() + 7 * 24 * 3_600_000).toISOString(),
      scheduled_by: null,
      scheduled_at: at,
    })
    .execute();
}
