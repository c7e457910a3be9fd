import type { Environment } from '@outpost/contracts/environments';
import { refusalText, refusedFields } from '../../../components/form/field-errors';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { type ProductionConfirmation, useGuardedSave } from './use-guarded-save';

/**
 * A form that sends one change at a time through the production guard (useGuardedSave), its outcome
 * in its own alert and a refusal at its fields (useFormRefusal, whose parts it hands on). Render
 * `dialog` inside the form.
 */
export function useGuardedForm(environment: Environment) {
  const guard = useGuardedSave(environment);
  const refusal = useFormRefusal();
  // A refusal the server says at fields is said there alone; any other in the form's alert.
  const refuseAnswer = (error: unknown, fallback: string) => {
    const fields = refusedFields(error);
    if (Object.keys(fields).length > 0) refusal.refuseAtFields(fields);
    else refusal.refuse(refusalText(error) || fallback);
  };

  /** Sends `request` once confirmed; `succeeded` says what the answer did, `fallback` what a wordless refusal means. */
  const send = <Answer>(
    confirmation: () => ProductionConfirmation,
    request: () => Promise<Answer>,
    succeeded: (answer: Answer) => string,
    fallback: string,
  ) =>
    void guard.run(confirmation, (done) => {
      refusal.report(null);
      request()
        .then(
          (answer) => refusal.report({ tone: 'ok', text: succeeded(answer) }),
          (error: unknown) => refuseAnswer(error, fallback),
        )
        .finally(done);
    });

  return { ...refusal, send, dialog: guard.dialog };
}
