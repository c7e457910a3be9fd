import type { Selectable } from 'kysely';

/** Experiments, in each environment's store: a test of a remote-config parameter's values. */
export interface ExperimentTable {
  experiment_id: string;
  name: string;
  description: string;
  parameter_key: string;
  /** The segment players are drawn from; null: every signed-in player. */
  segment_id: string | null;
  /** The contracts' ExperimentVariant[] as JSON; the first is the control. */
  variants: string;
  /** The contracts' ExperimentMetric. */
  metric: string;
  /** The contracts' ExperimentState. */
  state: string;
  /** ISO 8601: when it is to start (null: when an admin starts it) and end (null: when an admin stops it). */
  starts_at: string | null;
  ends_at: string | null;
  /** When it really started and ended. */
  started_at: string | null;
  ended_at: string | null;
  /** The variant rolled out, once one is. */
  winner: string | null;
  /** Counts writes from 1: a write naming an older one is refused. */
  revision: number;
  created_at: string;
  created_by: string | null;
}

/** A player's first fetch of config while an experiment ran: the variant they got, once per experiment. */
export interface ExperimentExposureTable {
  experiment_id: string;
  user_id: string;
  variant: string;
  exposed_at: string;
}

export type ExperimentRow = Selectable<ExperimentTable>;
export type ExperimentExposureRow = Selectable<ExperimentExposureTable>;

export interface ExperimentsTables {
  experiments: ExperimentTable;
  experiment_exposures: ExperimentExposureTable;
}

declare module '../database' {
  interface GameDatabase extends ExperimentsTables {}
}
