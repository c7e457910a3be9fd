import type { Environment } from '@outpost/contracts/environments';
import { type ReactNode, useState } from 'react';
import { type FieldErrors, refusalText, refusedFields } from '../../../components/form/field-errors';
import type { FormNotice } from '../../../components/form/form-alert';
import { useNavigate } from '../../../lib/router/router';
import { useGuardedSave } from './use-guarded-save';

/** A record an admin form creates on its own page, then saves naming the revision it started from. */
interface RevisedRecord {
  name: string;
  revision: number;
}

/** What the record's change mutation is told about one save (a TanStack mutation's `mutate` takes these). */
interface SaveCallbacks<Saved> {
  /** Any answer of the record's mutation; only one with a revision is a saved record (a delete's is not). */
  onSuccess: (answer: Saved | object) => void;
  onError: (error: Error) => void;
  onSettled: () => void;
}

// `Saved` is the type `record` has: the other options only use it (NoInfer), so a mutation's wider answer does not widen it.
interface GuardedRecordSaveOptions<Saved extends RevisedRecord, Change> {
  environment: Environment;
  /** The record as the server has it now (it follows the live topic); null on a new one's form. */
  record: Saved | null;
  /** The record in the form's sentences: "experiment", "segment". */
  noun: string;
  /** The record's page, which a created one opens. */
  pathOf: (saved: NoInfer<Saved>) => string;
  /** The record's create, update (and delete) mutation. */
  mutation: { mutate: (change: Change, callbacks: SaveCallbacks<NoInfer<Saved>>) => void };
  /** The form's useFormRefusal, which says the outcome. */
  refusal: {
    refuse: (message: string, fields?: FieldErrors) => void;
    report: (notice: FormNotice | null) => void;
  };
  /** Puts a newer saved version in the form's fields, as the admin loads it. */
  onLoad: (saved: NoInfer<Saved>) => void;
}

const isSaved = <Saved extends RevisedRecord>(answer: Saved | object): answer is Saved => 'revision' in answer;

/**
 * The save of an admin form that creates a record, then edits it (experiments, segments): through
 * the production guard (useGuardedSave), a new record's page opens once it is created, and a save
 * names the revision the form started from (`base`). When the live record moves past it (someone
 * else saved), `newer` is that version and `loadNewer` puts it in the form. Render `dialog` inside
 * the form.
 */
export function useGuardedRecordSave<Saved extends RevisedRecord, Change>(
  options: GuardedRecordSaveOptions<Saved, Change>,
) {
  const { environment, record, noun, pathOf, mutation, refusal, onLoad } = options;
  // The version the form edits: the one it opened with, or the one it last saved.
  const [base, setBase] = useState(record);
  const guard = useGuardedSave(environment);
  const navigate = useNavigate();
  const newer = record !== null && base !== null && record.revision > base.revision ? record : null;

  const loadNewer = () => {
    if (!newer) return;
    setBase(newer);
    onLoad(newer);
    refusal.report({ tone: 'ok', text: `Loaded the ${noun} as saved at revision ${newer.revision}.` });
  };

  /** Sends `change` (a create without `base`, an update of it) once confirmed; `message` says what it changes in production. */
  const save = (message: ReactNode, change: Change) =>
    void guard.run(
      () => ({ message, confirmLabel: base ? 'Save to production' : 'Create in production' }),
      (settled) => {
        refusal.report(null);
        mutation.mutate(change, {
          onSuccess: (answer) => {
            if (!isSaved<Saved>(answer)) return;
            if (!base) return navigate(pathOf(answer));
            setBase(answer);
            refusal.report({
              tone: 'ok',
              text: `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${answer.name} saved.`,
            });
          },
          onError: (error) => refusal.refuse(`The ${noun} was not saved. ${refusalText(error)}`, refusedFields(error)),
          onSettled: settled,
        });
      },
    );

  return { base, newer, loadNewer, save, busy: guard.busy, dialog: guard.dialog };
}
