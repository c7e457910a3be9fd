import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldCheck } from '../../../../components/form/field-errors';
import type { ConfirmRequest } from '../../components/confirm-dialog';
import type { InlineFormProps } from '../../components/inline-editor';
import type { FormFrameProps } from './form-frame';
import { useRecordDraft } from './use-record-draft';

interface RecordFormOptions<Saved, Draft, CreateInput, UpdateInput, Key extends QueryKey>
  extends InlineFormProps<Saved> {
  /** The record in the form's sentences: "episode", "theater video". */
  noun: string;
  /** The record on the form's buttons: "episode", "video". */
  buttonNoun: string;
  /** The record's ID: its address, /story/{id}. */
  idOf: (saved: Saved) => string;
  draftOf: (saved: Saved | null) => Draft;
  /** The record as saved now, never from the cache (its get-… file's query options). */
  latest: (saved: Saved) => FetchQueryOptions<Saved, Error, Saved, Key>;
  create: {
    check: (draft: Draft) => FieldCheck<CreateInput>;
    /** What creating it in production does, for the confirmation, with the title typed. */
    confirmation: (title: string) => ReactNode;
    request: (input: CreateInput) => Promise<unknown>;
    /** The contracts' success message. */
    done: string;
  };
  update: {
    check: (draft: Draft, version: number) => FieldCheck<UpdateInput>;
    confirmation: (title: string) => ReactNode;
    request: (id: string, input: UpdateInput) => Promise<unknown>;
    done: string;
  };
  remove: {
    /** What deleting it does, for the confirmation (its title and button are the form's). */
    confirmation: (saved: Saved) => Pick<ConfirmRequest, 'message' | 'items'>;
    request: (id: string) => Promise<unknown>;
    done: string;
  };
}

/**
 * An episode's or theater video's form over its list: it creates the record, or saves (with
 * the version loaded), reloads or deletes the one picked, each through useTheaterChange, and
 * closes with the contracts' message after each change. It answers the
 * record's state and `frame`, the FormFrame's props; the form adds its own fields.
 */
export function useRecordForm<
  Saved extends { version: number },
  Draft extends { title: string },
  CreateInput,
  UpdateInput,
  Key extends QueryKey,
>(options: RecordFormOptions<Saved, Draft, CreateInput, UpdateInput, Key>) {
  const { environment, editing, onDone, noun, buttonNoun, idOf, create, update, remove } = options;
  const record = useRecordDraft({
    environment,
    initial: editing,
    initialNotice: null,
    noun,
    draftOf: options.draftOf,
    latest: options.latest,
  });
  const { base, draft, change } = record;

  const submit = () => {
    const title = draft.title.trim();
    if (!base) {
      return change.submit(create.check(draft), (input) => ({
        confirmation: () => ({ message: create.confirmation(title), confirmLabel: 'Create in production' }),
        request: () => create.request(input),
        onDone: () => onDone({ tone: 'ok', text: create.done }),
        failure: (message) => `The ${noun} was not created. ${message}`,
      }));
    }
    return change.submit(update.check(draft, base.version), (input) => ({
      confirmation: () => ({ message: update.confirmation(title), confirmLabel: 'Save to production' }),
      request: () => update.request(idOf(base), input),
      onDone: () => onDone({ tone: 'ok', text: update.done }),
      failure: (message) => `The ${noun} was not saved. ${message}`,
      loaded: true,
    }));
  };

  const removeRecord = (saved: Saved) =>
    void change.remove(
      {
        title: `Delete the ${noun} ${idOf(saved)}?`,
        ...remove.confirmation(saved),
        confirmLabel: `Delete ${buttonNoun}`,
      },
      {
        request: () => remove.request(idOf(saved)),
        onDone: () => onDone({ tone: 'ok', text: remove.done }),
        failure: (message) => `The ${noun} was not deleted. ${message}`,
      },
    );

  const frame: Omit<FormFrameProps, 'children'> = {
    title: base ? `Edit ${noun} ${idOf(base)}` : `New ${noun}`,
    change,
    onSubmit: submit,
    arrivedByAction: true,
    actions: base
      ? {
          submitLabel: `Save ${buttonNoun}`,
          onReload: () => void record.reload(base),
          remove: { label: `Delete ${buttonNoun}`, run: () => removeRecord(base) },
          onCancel: () => onDone(null),
        }
      : { submitLabel: `Create ${buttonNoun}` },
  };

  return { ...record, frame };
}
