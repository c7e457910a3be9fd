import type { Environment } from '@outpost/contracts/environments';
import { type FetchQueryOptions, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureNotice } from '../../../../components/form/failure-notice';
import type { FormNotice } from '../../../../components/form/form-alert';
import { useDraft } from '../../../../components/form/use-draft';
import { useTheaterChange } from './use-theater-change';

interface RecordDraftOptions<Saved, Base extends Saved | null, Draft, Key extends QueryKey> {
  environment: Environment;
  /** The record the form opens with; null for a new one. */
  initial: Base;
  initialNotice: FormNotice | null;
  /** "episode", "theater video", "collection": the words of a failed reload. */
  noun: string;
  /** The draft of a record (or of a new one, for null). */
  draftOf: (saved: Base | Saved) => Draft;
  /** The record as saved now, never from the cache: what "Load the latest version" reads. */
  latest: (saved: Saved) => FetchQueryOptions<Saved, Error, Saved, Key>;
}

/**
 * A theater form's record and what is typed over it: `base`, the record as last loaded, saved
 * or given an image (the version a save names), its draft with `field(name)` for each text field,
 * the form's changes (useTheaterChange), and `reload`, which puts the record as saved now in the
 * form after a save met someone else's newer one.
 */
export function useRecordDraft<Saved, Base extends Saved | null, Draft extends object, Key extends QueryKey>(
  options: RecordDraftOptions<Saved, Base, Draft, Key>,
) {
  const { environment, initial, initialNotice, noun, draftOf, latest } = options;
  const [base, setBase] = useState<Base | Saved>(initial);
  const change = useTheaterChange(environment, initialNotice);
  const { draft, setDraft, field } = useDraft(() => draftOf(initial), change.errors);
  const queryClient = useQueryClient();

  /** The form shows `saved` as it is, over what was typed. */
  const startFrom = (saved: Saved) => {
    setBase(saved);
    setDraft(draftOf(saved));
  };

  const reload = async (saved: Saved) => {
    try {
      startFrom(await queryClient.fetchQuery(latest(saved)));
      change.restart('Loaded the latest saved version.');
    } catch (error) {
      change.say(failureNotice(error, `The ${noun} could not be loaded.`));
    }
  };

  return { base, setBase, draft, setDraft, field, change, startFrom, reload };
}
