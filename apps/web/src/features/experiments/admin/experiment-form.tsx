import type { Environment } from '@outpost/contracts/environments';
import { adminExperimentPath } from '@outpost/contracts/experiments/paths';
import {
  createExperimentInputSchema,
  EXPERIMENT_LIMITS,
  EXPERIMENT_METRIC_LABELS,
  EXPERIMENT_METRICS,
  type Experiment,
  type ExperimentMetric,
  updateExperimentInputSchema,
} from '@outpost/contracts/experiments/schemas';
import type { RemoteConfigParameter } from '@outpost/contracts/remote-config/schemas';
import { useState } from 'react';
import type { FieldErrors } from '../../../components/form/field-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { SelectField } from '../../../components/form/select-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { AdminFormFrame } from '../../admin/components/admin-form-frame';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { checkWith } from '../../admin/components/form-check';
import { fromLocalDateTime, localTimeZone, toLocalDateTime } from '../../admin/components/local-time';
import { NewerSaveNote, RecordIdentityFields } from '../../admin/components/record-identity-fields';
import { useGuardedRecordSave } from '../../admin/components/use-guarded-record-save';
import { TYPE_LABELS } from '../../remote-config/template-edit';
import { SegmentSelect } from '../../segments/segment-select';
import { useChangeExperiment, useLiveParameters } from '../api';
import { EVERY_PLAYER } from '../results-words';
import {
  errorsWithoutVariant,
  newVariantDrafts,
  parseVariants,
  removedVariant,
  retypedVariants,
  type VariantDraft,
  variantDraftsOf,
} from '../variants';
import styles from './experiments.module.css';
import { VariantRows } from './variant-rows';

interface Draft {
  experimentID: string;
  name: string;
  description: string;
  parameterKey: string;
  /** '' for every signed-in player. */
  segmentID: string;
  variants: VariantDraft[];
  metric: ExperimentMetric;
  /** As a datetime-local input holds them, in the admin's time zone. */
  startsAt: string;
  endsAt: string;
}

const FIELD_ORDER = [
  'experimentID',
  'name',
  'description',
  'parameterKey',
  'segmentID',
  'variants',
  'metric',
  'startsAt',
  'endsAt',
];

function draftOf(
  experiment: Experiment | null,
  parameters: readonly RemoteConfigParameter[],
  startsAt: string | null,
): Draft {
  const parameter = parameters.find((one) => one.key === experiment?.parameterKey) ?? null;
  return {
    experimentID: experiment?.experimentID ?? '',
    name: experiment?.name ?? '',
    description: experiment?.description ?? '',
    parameterKey: experiment?.parameterKey ?? '',
    segmentID: experiment?.segmentID ?? '',
    variants: experiment ? variantDraftsOf(experiment.variants, parameter?.type ?? null) : newVariantDrafts(null),
    metric: experiment?.metric ?? 'playtimePerPlayer',
    startsAt: toLocalDateTime(experiment ? experiment.startsAt : startsAt),
    endsAt: toLocalDateTime(experiment?.endsAt ?? null),
  };
}

interface ExperimentFormProps {
  environment: Environment;
  /**
   * The experiment as the server has it now (it follows the live topic), a draft or a scheduled one;
   * null for a new one, whose form opens over the list and leads to its page once created.
   */
  experiment: Experiment | null;
  /** A new one's start, when the calendar sent one (?at=). */
  startsAt?: string | null;
}

/**
 * What an experiment tests and how: its parameter (one of the live version's), the players it draws
 * from, its variants with their values and weights, its goal metric and its window. A save names the
 * revision the form started from: a save by someone else in between is refused (409) with the
 * server's words, and the form offers their version.
 */
export function ExperimentForm(props: ExperimentFormProps) {
  const live = useLiveParameters(props.environment);
  // The variants' values are typed by their parameter: the form waits for the live version's.
  if (live.isPending) return <p role="status">Loading the live remote config’s parameters…</p>;
  if (live.error) {
    return <p role="alert">The live remote config could not be loaded: {live.error.message}</p>;
  }
  return <LoadedForm {...props} parameters={live.parameters} version={live.version ?? 0} />;
}

function LoadedForm({
  environment,
  experiment,
  startsAt = null,
  parameters,
  version,
}: ExperimentFormProps & { parameters: readonly RemoteConfigParameter[]; version: number }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(experiment, parameters, startsAt));
  const refusal = useFormRefusal();
  const { formRef, alertRef, refuse } = refusal;
  // The last refusal's field errors less the variant rows removed since, so none stays about a row
  // that is gone or lands on the row moved into its place; its alert goes once none of its fields is left.
  const [trimmed, setTrimmed] = useState<{ of: FieldErrors; errors: FieldErrors } | null>(null);
  const errors = trimmed?.of === refusal.errors ? trimmed.errors : refusal.errors;
  const allGone = Object.keys(refusal.errors).length > 0 && Object.keys(errors).length === 0;
  const notice = refusal.notice?.tone === 'error' && allGone ? null : refusal.notice;
  const change = useChangeExperiment(environment);
  const record = useGuardedRecordSave({
    environment,
    record: experiment,
    noun: 'experiment',
    pathOf: (saved) => adminExperimentPath(saved.experimentID),
    mutation: change,
    refusal,
    onLoad: (newer) => setDraft(draftOf(newer, parameters, null)),
  });
  const { base, newer } = record;
  const set = (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields }));
  const parameter = parameters.find((one) => one.key === draft.parameterKey) ?? null;

  const chooseParameter = (key: string) => {
    const chosen = parameters.find((one) => one.key === key) ?? null;
    set({ parameterKey: key, variants: retypedVariants(draft.variants, chosen) });
  };

  const removeVariant = (index: number) => {
    set({ variants: removedVariant(draft.variants, index) });
    setTrimmed({ of: refusal.errors, errors: errorsWithoutVariant(errors, index) });
  };

  const submit = () => {
    if (!parameter) {
      return refuse('Choose the parameter the experiment tests.', {
        parameterKey: 'Choose one of the live version’s parameters.',
      });
    }
    const variants = parseVariants(draft.variants, parameter.type);
    if (!variants.ok) return refuse(variants.message, variants.fields);
    const fields = {
      name: draft.name,
      description: draft.description,
      parameterKey: draft.parameterKey,
      segmentID: draft.segmentID === '' ? null : draft.segmentID,
      variants: variants.variants,
      metric: draft.metric,
      startsAt: fromLocalDateTime(draft.startsAt),
      endsAt: fromLocalDateTime(draft.endsAt),
    };
    const options = { order: FIELD_ORDER, markFields: true };
    const checked = base
      ? checkWith(updateExperimentInputSchema, { ...fields, revision: base.revision }, options)
      : checkWith(createExperimentInputSchema, { experimentID: draft.experimentID, ...fields }, options);
    if (!checked.ok) return refuse(checked.message, checked.fields);
    record.save(
      <p>This saves the experiment in production; it tests nothing until it is started.</p>,
      base
        ? { kind: 'update', experimentID: base.experimentID, input: { ...fields, revision: base.revision } }
        : { kind: 'create', input: { experimentID: draft.experimentID, ...fields } },
    );
  };

  const zone = localTimeZone();
  return (
    <AdminFormFrame
      title={base ? 'Edit the experiment' : 'New experiment'}
      headingLevel={2}
      arrivedByAction={base === null}
      pending={change.isPending}
      busy={record.busy}
      onSubmit={submit}
      formRef={formRef}
    >
      {newer && (
        <NewerSaveNote
          text="Someone changed this experiment after you opened it: saving yours is refused. Load the saved version, then make your change again."
          loadLabel="Load the saved version"
          onLoad={record.loadNewer}
        />
      )}
      <RecordIdentityFields
        creating={!base}
        idLabel="Experiment ID"
        idHint="Lower-case letters, digits and '-'; it never changes, and it seeds how players are split."
        idField="experimentID"
        descriptionHint={`What it tests and why, at most ${EXPERIMENT_LIMITS.descriptionLength} characters.`}
        values={{ id: draft.experimentID, name: draft.name, description: draft.description }}
        errors={errors}
        onChange={({ id, ...rest }) => set({ ...rest, ...(id === undefined ? {} : { experimentID: id }) })}
      />
      <SelectField
        label="Parameter"
        value={draft.parameterKey}
        error={errors.parameterKey}
        hint={
          version === 0
            ? 'Nothing is published yet: publish remote config with the parameter first.'
            : `A parameter of the version players get now (version ${version}); its variants replace its value for the players drawn.`
        }
        onChange={(event) => chooseParameter(event.target.value)}
      >
        <option value="" disabled>
          Choose a parameter
        </option>
        {parameters.map((one) => (
          <option key={one.key} value={one.key}>
            {one.key} ({TYPE_LABELS[one.type]})
          </option>
        ))}
        {/* A parameter gone from the live version since: still shown as chosen; the server says why it is refused. */}
        {draft.parameterKey !== '' && !parameter && <option value={draft.parameterKey}>{draft.parameterKey}</option>}
      </SelectField>
      <SegmentSelect
        environment={environment}
        label="Players"
        value={draft.segmentID}
        error={errors.segmentID}
        noneLabel={EVERY_PLAYER}
        hint="The segment players are drawn from, when they fetch config signed in."
        onChange={(segmentID) => set({ segmentID })}
      />
      <VariantRows
        drafts={draft.variants}
        parameter={parameter}
        errors={errors}
        onChange={(variants) => set({ variants })}
        onRemove={removeVariant}
      />
      <SelectField
        label="Goal metric"
        value={draft.metric}
        error={errors.metric}
        hint="Per exposed player, from their exposure on."
        onChange={(event) => set({ metric: event.target.value as ExperimentMetric })}
      >
        {EXPERIMENT_METRICS.map((metric) => (
          <option key={metric} value={metric}>
            {EXPERIMENT_METRIC_LABELS[metric]}
          </option>
        ))}
      </SelectField>
      <div className={styles.window}>
        <FormField
          label="Starts at (optional)"
          type="datetime-local"
          value={draft.startsAt}
          error={errors.startsAt}
          hint={`In your time zone (${zone}). Empty: when you start it.`}
          onChange={(event) => set({ startsAt: event.target.value })}
        />
        <FormField
          label="Ends at (optional)"
          type="datetime-local"
          value={draft.endsAt}
          error={errors.endsAt}
          hint={`At most ${EXPERIMENT_LIMITS.days} days after it starts. Empty: when you stop it.`}
          onChange={(event) => set({ endsAt: event.target.value })}
        />
      </div>
      <FormAlert notice={notice} ref={alertRef} />
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={change.isPending}>
          {base ? 'Save experiment' : 'Create experiment'}
        </button>
      </div>
      {record.dialog}
    </AdminFormFrame>
  );
}
