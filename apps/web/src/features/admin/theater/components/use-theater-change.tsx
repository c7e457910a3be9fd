import type { Environment } from '@outpost/contracts/environments';
import { STALE_VERSION_CODE } from '@outpost/contracts/theater';
import { useState } from 'react';
import { type FieldCheck, refusalText, refusedFields } from '../../../../components/form/field-errors';
import type { FormNotice } from '../../../../components/form/form-alert';
import { useFieldErrors } from '../../../../components/form/use-field-errors';
import { CallableError } from '../../../../lib/callable';
import { type ConfirmRequest, useConfirmDialog } from '../../components/confirm-dialog';
import { type ProductionConfirmation, useGuardedSave } from '../../components/use-guarded-save';

interface SendOptions<Answer> {
  /** What the production confirmation says about this change. */
  confirmation: () => ProductionConfirmation;
  request: () => Promise<Answer>;
  onDone: (answer: Answer) => void;
  /** The alert for a refusal, from the server's message ("The episode was not saved. …"). */
  failure: (message: string) => string;
  /** A save of a loaded record: refused as stale, the form offers the newer one. */
  loaded?: boolean;
}

/** A save refused because someone saved the record after it was loaded (not another 409). */
function isStaleVersion(error: unknown): boolean {
  if (!(error instanceof CallableError) || typeof error.details !== 'object' || error.details === null) return false;
  return (error.details as { code?: unknown }).code === STALE_VERSION_CODE;
}

/**
 * The changes of one theater form (an episode, a video, a collection, an upload): its fields'
 * problems at the fields, then one change at a time through useGuardedSave, so production asks
 * first; a delete asks in every environment. Refusals stay in the form's alert in the server's
 * words, and the fields the server names are marked as the form's own check marks them; a save
 * that met someone else's newer one says so, and `stale` offers to load theirs.
 */
export function useTheaterChange(environment: Environment, initialNotice: FormNotice | null = null) {
  const guard = useGuardedSave(environment);
  const { confirm, dialog } = useConfirmDialog();
  const fields = useFieldErrors();
  const [notice, setNotice] = useState<FormNotice | null>(initialNotice);
  const [pending, setPending] = useState(false);
  const [stale, setStale] = useState(false);

  const send = <Answer,>({ confirmation, request, onDone, failure, loaded = false }: SendOptions<Answer>) =>
    guard.run(confirmation, (settled) => {
      setNotice(null);
      setPending(true);
      request()
        .then(
          (answer) => {
            setStale(false);
            onDone(answer);
          },
          (error: unknown) => {
            setStale(loaded && isStaleVersion(error));
            setNotice({ tone: 'error', text: failure(error instanceof Error ? refusalText(error) : String(error)) });
            // The fields the server named (a 400's, a taken ID's) are marked and the first takes the focus.
            fields.show(refusedFields(error));
          },
        )
        .finally(() => {
          setPending(false);
          settled();
        });
    });

  /** Shows the form's problems at their fields (focus on the first), or sends what passed the check. */
  const submit = <Value, Answer>(checked: FieldCheck<Value>, options: (value: Value) => SendOptions<Answer>) => {
    fields.show(checked.ok ? {} : checked.errors);
    if (!checked.ok) {
      setNotice(null);
      return;
    }
    void send(options(checked.value));
  };

  /** A delete: asked first in every environment (in production the guard asks, with the production title). */
  const remove = async <Answer,>(question: ConfirmRequest, options: Omit<SendOptions<Answer>, 'confirmation'>) => {
    if (guard.busy()) return;
    if (environment !== 'production' && !(await confirm(question))) return;
    const { message, items, confirmLabel } = question;
    await send({ ...options, confirmation: () => ({ message, items, confirmLabel }) });
  };

  /** The form shows a record as saved now (loaded over a conflict): its old problems and the conflict go. */
  const restart = (text: string) => {
    fields.show({});
    setStale(false);
    setNotice({ tone: 'ok', text });
  };

  return {
    formRef: fields.formRef,
    errors: fields.errors,
    notice,
    /** Says something in the form's alert without sending anything. */
    say: (next: FormNotice | null) => setNotice(next),
    pending,
    stale,
    busy: guard.busy,
    send,
    submit,
    remove,
    restart,
    dialogs: (
      <>
        {guard.dialog}
        {dialog}
      </>
    ),
  };
}

export type TheaterChange = ReturnType<typeof useTheaterChange>;
