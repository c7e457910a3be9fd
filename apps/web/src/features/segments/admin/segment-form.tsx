import type { Environment } from '@outpost/contracts/environments';
import { personName } from '@outpost/contracts/people';
import { adminSegmentPath } from '@outpost/contracts/segments/paths';
import {
  createSegmentInputSchema,
  SEGMENT_DESCRIPTION_MAX,
  type Segment,
  updateSegmentInputSchema,
} from '@outpost/contracts/segments/schemas';
import { useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { AdminFormFrame } from '../../admin/components/admin-form-frame';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { checkWith } from '../../admin/components/form-check';
import { NewerSaveNote, RecordIdentityFields } from '../../admin/components/record-identity-fields';
import { useGuardedRecordSave } from '../../admin/components/use-guarded-record-save';
import { useChangeSegment } from '../api';
import { checkDefinition, type DefinitionDraft, definitionDraftOf } from '../rules';
import { RuleEditor } from './rule-editor';
import { SegmentSize } from './segment-size';

interface Draft {
  segmentID: string;
  name: string;
  description: string;
  definition: DefinitionDraft;
}

const FIELD_ORDER = ['segmentID', 'name', 'description', 'definition'];

const draftOf = (segment: Segment | null): Draft => ({
  segmentID: segment?.segmentID ?? '',
  name: segment?.name ?? '',
  description: segment?.description ?? '',
  definition: definitionDraftOf(segment?.definition ?? null),
});

interface SegmentFormProps {
  environment: Environment;
  /**
   * The segment as the server has it now (it follows the live topic); null for a new one, whose
   * form opens over the list and leads to the new segment's page once created.
   */
  segment: Segment | null;
}

/**
 * A segment's name, description and rules, with the number of players the rules hold as they are
 * edited. A save names the revision the form started from: a save by someone else in between is
 * refused (409) with the server's words, and the form offers their version.
 */
export function SegmentForm({ environment, segment }: SegmentFormProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(segment));
  const refusal = useFormRefusal();
  const { formRef, alertRef, notice, errors, refuse } = refusal;
  const change = useChangeSegment(environment);
  const record = useGuardedRecordSave({
    environment,
    record: segment,
    noun: 'segment',
    pathOf: (saved) => adminSegmentPath(saved.segmentID),
    mutation: change,
    refusal,
    onLoad: (newer) => setDraft(draftOf(newer)),
  });
  const { base, newer } = record;
  const set = (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields }));

  const submit = () => {
    const definition = checkDefinition(draft.definition, 'definition.');
    if (!definition.ok) return refuse(definition.message, definition.fields);
    const fields = { name: draft.name, description: draft.description, definition: definition.value };
    const checked = base
      ? checkWith(
          updateSegmentInputSchema,
          { ...fields, revision: base.revision },
          { order: FIELD_ORDER, markFields: true },
        )
      : checkWith(
          createSegmentInputSchema,
          { segmentID: draft.segmentID, ...fields },
          { order: FIELD_ORDER, markFields: true },
        );
    if (!checked.ok) return refuse(checked.message, checked.fields);
    record.save(
      <p>This changes who the segment holds in production, wherever push, rewards or remote config use it.</p>,
      base
        ? { kind: 'update', segmentID: base.segmentID, input: { ...fields, revision: base.revision } }
        : { kind: 'create', input: { segmentID: draft.segmentID, ...fields } },
    );
  };

  return (
    <AdminFormFrame
      title={base ? 'Rules and details' : 'New segment'}
      headingLevel={2}
      arrivedByAction={base === null}
      pending={change.isPending}
      busy={record.busy}
      onSubmit={submit}
      formRef={formRef}
    >
      {newer && (
        <NewerSaveNote
          text={`${newer.updatedBy ? personName(newer.updatedBy) : 'Someone'} saved this segment after you opened it: saving yours is refused. Load their version, then make your change again.`}
          loadLabel="Load their version"
          onLoad={record.loadNewer}
        />
      )}
      <RecordIdentityFields
        creating={!base}
        idLabel="Segment ID"
        idHint="Lower-case letters, digits and '-'; push, rewards and remote config name the segment by it, and it never changes."
        idField="segmentID"
        descriptionHint={`Who it is for, in a line; at most ${SEGMENT_DESCRIPTION_MAX} characters.`}
        values={{ id: draft.segmentID, name: draft.name, description: draft.description }}
        errors={errors}
        onChange={({ id, ...rest }) => set({ ...rest, ...(id === undefined ? {} : { segmentID: id }) })}
      />
      <RuleEditor
        draft={draft.definition}
        errors={errors}
        prefix="definition."
        onChange={(definition) => set({ definition })}
      />
      <SegmentSize environment={environment} draft={draft.definition} />
      <FormAlert notice={notice} ref={alertRef} />
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} disabled={change.isPending}>
          {base ? 'Save segment' : 'Create segment'}
        </button>
      </div>
      {record.dialog}
    </AdminFormFrame>
  );
}
