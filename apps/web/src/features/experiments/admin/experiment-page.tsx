import type { Environment } from '@outpost/contracts/environments';
import { EXPERIMENT_EXPOSURES_TOPIC, EXPERIMENTS_TOPIC } from '@outpost/contracts/experiments/contract';
import { EXPERIMENTS_PATHS } from '@outpost/contracts/experiments/paths';
import { EXPERIMENT_METRIC_LABELS, type Experiment } from '@outpost/contracts/experiments/schemas';
import { useId, useState } from 'react';
import { CellValue, cellProps, DataTable } from '../../../components/admin-list/data-table';
import { refusalText } from '../../../components/form/field-errors';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { Link, useNavigate, useParams } from '../../../lib/router/router';
import { useAdminAccessContext } from '../../admin/admin-access-context';
import { AdminScreen } from '../../admin/components/admin-screen';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { DeleteSection } from '../../admin/components/delete-section';
import { LoadState } from '../../admin/components/load-state';
import { formatInstant } from '../../admin/components/local-time';
import { PersonLink } from '../../admin/components/person-link';
import { ReadOnlyNotice } from '../../admin/components/read-only-notice';
import { useConfirmedAction } from '../../remote-config/admin/confirmed-action';
import { shortValue } from '../../remote-config/template-edit';
import { type ExperimentChange, useChangeExperiment, useExperiment, useExperimentResults } from '../api';
import { STATE_LABELS, segmentWords } from '../results-words';
import { weightShares } from '../variants';
import { ExperimentForm } from './experiment-form';
import styles from './experiments.module.css';
import { ResultsTable } from './results-table';

const EDITABLE = new Set<Experiment['state']>(['draft', 'scheduled']);
const STARTED = new Set<Experiment['state']>(['running', 'stopped', 'rolled-out']);
// As the server's delete allows: a running one is stopped first, a scheduled one put back to draft.
const DELETABLE = new Set<Experiment['state']>(['draft', 'stopped', 'rolled-out']);

/**
 * /admin/experiments/:experimentID in the selected environment: what the experiment tests, its
 * results once it has started, and what those who run live-ops may do with it by its state (edit and
 * start a draft, stop a running one, roll a variant out). The experiments topic brings another tab's
 * change and a scheduled start without a reload, the exposures topic new exposures to the results.
 */
export default function ExperimentPage() {
  const { environment, capabilities } = useAdminAccessContext();
  const { experimentID = '' } = useParams();
  const experiment = useExperiment(environment, experimentID);
  const canEdit = capabilities.manageShop;
  return (
    <AdminScreen
      id="experiment-page-title"
      title={experiment.data?.name ?? experimentID}
      titlePrefix="Experiment"
      lead={
        <>
          Experiment {experimentID} in {environment}
          {experiment.data && <>: {STATE_LABELS[experiment.data.state].toLowerCase()}</>}.{' '}
          <Link to={EXPERIMENTS_PATHS.admin}>Back to the experiments</Link>
        </>
      }
      className={styles.screen}
    >
      <LiveUpdates topics={[EXPERIMENTS_TOPIC, EXPERIMENT_EXPOSURES_TOPIC]} environment={environment} />
      <LoadState
        query={experiment}
        what="experiment"
        missing={`There is no experiment “${experimentID}” in ${environment}: it may have been deleted.`}
      >
        {(loaded) => (
          <div className={styles.page}>
            {!canEdit && (
              <ReadOnlyNotice>Your role may view this experiment and its results but not change it.</ReadOnlyNotice>
            )}
            <Summary experiment={loaded} />
            <Variants experiment={loaded} />
            {STARTED.has(loaded.state) && <Results environment={environment} experiment={loaded} canEdit={canEdit} />}
            {canEdit && EDITABLE.has(loaded.state) && (
              // Another environment, experiment or state starts a new form: edits never carry across.
              <div key={`${environment}/${experimentID}/${loaded.state}`}>
                <ExperimentForm environment={environment} experiment={loaded} />
                {loaded.state === 'draft' ? (
                  <StartSection environment={environment} experiment={loaded} />
                ) : (
                  <p className={styles.note}>
                    It starts by itself at its Starts at; to start it at another time, change Starts at and save. The
                    calendar can also move it, or put it back to draft.
                  </p>
                )}
              </div>
            )}
            {canEdit && DELETABLE.has(loaded.state) && (
              <DeleteExperiment environment={environment} experiment={loaded} />
            )}
          </div>
        )}
      </LoadState>
    </AdminScreen>
  );
}

function Moment({ at }: { at: string }) {
  return <time dateTime={at}>{formatInstant(at)}</time>;
}

/** What the experiment tests, on whom, by what, when, and who made it. */
function Summary({ experiment }: { experiment: Experiment }) {
  const start = experiment.startedAt ?? experiment.startsAt;
  const end = experiment.endedAt ?? experiment.endsAt;
  return (
    <dl className={`${adminStyles.facts} ${styles.facts}`}>
      <dt>State</dt>
      <dd>
        <span className={styles.state} data-state={experiment.state}>
          {STATE_LABELS[experiment.state]}
        </span>
        {experiment.winner && <>: {experiment.winner}, now the parameter’s value</>}
      </dd>
      <dt>Parameter</dt>
      <dd>
        <code>{experiment.parameterKey}</code>
      </dd>
      <dt>Players</dt>
      <dd>{segmentWords(experiment.segmentName, experiment.segmentID)}</dd>
      <dt>Goal metric</dt>
      <dd>{EXPERIMENT_METRIC_LABELS[experiment.metric]}</dd>
      <dt>{experiment.startedAt ? 'Started' : 'Starts'}</dt>
      <dd>{start ? <Moment at={start} /> : 'When started'}</dd>
      <dt>{experiment.endedAt ? 'Ended' : 'Ends'}</dt>
      <dd>{end ? <Moment at={end} /> : 'When stopped'}</dd>
      <dt>Created</dt>
      <dd>
        <Moment at={experiment.createdAt} /> by{' '}
        {experiment.createdBy ? <PersonLink person={experiment.createdBy} withEmail={false} /> : 'Outpost'}
      </dd>
      {experiment.description && (
        <>
          <dt>Description</dt>
          <dd className={styles.description}>{experiment.description}</dd>
        </>
      )}
    </dl>
  );
}

/** The variants as saved: each one's value and weight, and the share of players it draws. */
function Variants({ experiment }: { experiment: Experiment }) {
  const shares = weightShares(experiment.variants);
  return (
    <section aria-labelledby="experiment-variants-title" className={styles.section}>
      <h2 id="experiment-variants-title">Variants</h2>
      <DataTable label="Variants and their weights" hideCaption>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">Value of {experiment.parameterKey}</th>
            <th scope="col" {...cellProps({ amount: true })}>
              Weight
            </th>
            <th scope="col" {...cellProps({ amount: true })}>
              Share of players
            </th>
          </tr>
        </thead>
        <tbody>
          {experiment.variants.map((variant, index) => (
            <tr key={variant.name}>
              <th scope="row">
                {variant.name}
                {index === 0 && variant.name !== 'Control' && <span className={styles.control}> (control)</span>}
              </th>
              <td {...cellProps({ label: 'Value' })}>
                <CellValue>
                  <code className={styles.value}>{shortValue(variant.value)}</code>
                </CellValue>
              </td>
              <td {...cellProps({ label: 'Weight', amount: true })}>{variant.weight}</td>
              <td {...cellProps({ label: 'Share', amount: true })}>{shares[index] ?? '—'}%</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </section>
  );
}

/** Runs one of the experiment's changes, saying its refusal (409, 400) inline with the server's words. */
function useExperimentAction(environment: Environment) {
  const change = useChangeExperiment(environment);
  const { run, dialogs } = useConfirmedAction(environment);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const act = (request: Parameters<typeof run>[0], next: ExperimentChange, done: string) =>
    run(request, (settled) => {
      setNotice(null);
      change.mutate(next, {
        onSuccess: () => setNotice({ tone: 'ok', text: done }),
        onError: (error) => setNotice({ tone: 'error', text: refusalText(error) }),
        onSettled: settled,
      });
    });
  return { act, notice, dialogs, pending: change.isPending };
}

/** The results as they stand, and, for those who run live-ops, stopping the experiment or rolling a variant out. */
function Results({
  environment,
  experiment,
  canEdit,
}: {
  environment: Environment;
  experiment: Experiment;
  canEdit: boolean;
}) {
  const results = useExperimentResults(environment, experiment.experimentID);
  // Here rather than with the buttons, so a roll-out's outcome stays once the buttons are gone.
  const action = useExperimentAction(environment);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId}>Results</h2>
      {results.isPending && <p role="status">Reading the results…</p>}
      {results.isError && <p role="alert">The results could not be read: {results.error.message}</p>}
      {results.data && <ResultsTable results={results.data} />}
      {canEdit && (experiment.state === 'running' || experiment.state === 'stopped') && (
        <EndActions environment={environment} experiment={experiment} action={action} />
      )}
      <FormAlert notice={action.notice} />
      {action.dialogs}
    </section>
  );
}

/** Stop a running experiment; roll out a variant of a running or stopped one, which publishes its value. */
function EndActions({
  environment,
  experiment,
  action: { act, pending },
}: {
  environment: Environment;
  experiment: Experiment;
  action: ReturnType<typeof useExperimentAction>;
}) {
  const { experimentID, revision, name, parameterKey } = experiment;
  const stop = () =>
    act(
      {
        title: `Stop the experiment “${name}”?`,
        message: (
          <p>
            No more players are drawn into it, and every player gets {parameterKey}’s own value again. Its results stay
            here; you can still roll a variant out afterwards.
          </p>
        ),
        confirmLabel: 'Stop experiment',
      },
      { kind: 'stop', experimentID, revision },
      `Stopped the experiment “${name}”.`,
    );
  const rollOut = (variant: Experiment['variants'][number]) =>
    act(
      {
        title: `Roll out “${variant.name}”?`,
        message: (
          <p>
            This publishes a new remote-config version in {environment} with {parameterKey} set to{' '}
            <code>{shortValue(variant.value)}</code> for every player, and ends the experiment.
          </p>
        ),
        confirmLabel: `Roll out ${variant.name}`,
      },
      { kind: 'roll-out', experimentID, revision, variant: variant.name },
      `Rolled out “${variant.name}”: ${parameterKey} has its value in a new remote-config version.`,
    );
  return (
    <div className={styles.actions}>
      <h3>End the experiment</h3>
      <div className={styles.actionRow}>
        {experiment.state === 'running' && (
          <button type="button" className="button" disabled={pending} onClick={stop}>
            Stop experiment
          </button>
        )}
        {experiment.variants.map((variant) => (
          <button
            key={variant.name}
            type="button"
            className={`button ${styles.rollOut}`}
            disabled={pending}
            onClick={() => rollOut(variant)}
          >
            Roll out {variant.name}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * Starts a draft as saved: now, or, when its saved start is still to come, schedules it for then
 * (the server's start takes the saved start, contract's startExperimentInputSchema).
 */
function StartSection({ environment, experiment }: { environment: Environment; experiment: Experiment }) {
  const { act, notice, dialogs, pending } = useExperimentAction(environment);
  const titleId = useId();
  const { experimentID, revision, name, startsAt } = experiment;
  const later = startsAt !== null && Date.parse(startsAt) > Date.now();
  const start = () =>
    act(
      later
        ? {
            title: `Schedule “${name}”?`,
            message: (
              <p>
                It starts at {formatInstant(startsAt)} in {environment}: from then on, players fetching config are drawn
                into its variants.
              </p>
            ),
            confirmLabel: 'Schedule experiment',
          }
        : {
            title: `Start “${name}” now?`,
            message: (
              <p>
                From now on, players of {environment} fetching config are drawn into its variants and get their
                variant’s value of {experiment.parameterKey}.
              </p>
            ),
            confirmLabel: 'Start experiment',
          },
      { kind: 'start', experimentID, revision },
      later ? `Scheduled “${name}” for ${formatInstant(startsAt)}.` : `Started “${name}”.`,
    );
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId}>Start</h2>
      <p className={styles.note}>
        {later
          ? 'It starts as saved, at its Starts at. To start it now, clear Starts at and save first.'
          : 'It starts as saved: save your changes first.'}
      </p>
      <div className={styles.actionRow}>
        <button type="button" className="button" disabled={pending} onClick={start}>
          {later ? `Schedule for ${formatInstant(startsAt)}` : 'Start now'}
        </button>
      </div>
      <FormAlert notice={notice} />
      {dialogs}
    </section>
  );
}

/** Deletes the experiment after asking; the server refuses a running one (and says so). */
function DeleteExperiment({ environment, experiment }: { environment: Environment; experiment: Experiment }) {
  const change = useChangeExperiment(environment);
  const navigate = useNavigate();
  return (
    <DeleteSection
      environment={environment}
      heading="Delete this experiment"
      description={<p>Its exposures and results go with it.</p>}
      confirmTitle={`Delete the experiment “${experiment.name}”?`}
      confirmMessage={
        <p>
          This removes the experiment {experiment.experimentID} from {environment}, with the record of who was exposed
          to which variant.
        </p>
      }
      confirmLabel="Delete experiment"
      onDelete={() => change.mutateAsync({ kind: 'delete', experimentID: experiment.experimentID })}
      onDeleted={() => navigate(EXPERIMENTS_PATHS.admin, { replace: true })}
    />
  );
}
