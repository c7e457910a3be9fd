import { type Dispatch, type SetStateAction, useState } from 'react';

/** The keys of a draft whose values are text: the ones a field edits. */
type TextKey<Draft> = { [Key in keyof Draft]: Draft[Key] extends string ? Key : never }[keyof Draft] & string;

/**
 * `field(name)`: the props of one text field of `draft` (its name, value and problem, and the
 * change that writes it into the draft), to spread on a FormField, SelectField or TextAreaField.
 * `errors` are the form's (useFieldErrors').
 */
export function draftFields<Draft extends object>(
  draft: Draft,
  setDraft: Dispatch<SetStateAction<Draft>>,
  errors: Partial<Record<string, string>>,
) {
  return (name: TextKey<Draft>) => ({
    name,
    // TextKey keeps only the keys whose values are strings.
    value: draft[name] as string,
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setDraft((now) => ({ ...now, [name]: event.target.value })),
  });
}

/** What a form holds while it is typed, and `field(name)` (draftFields) to edit it. */
export function useDraft<Draft extends object>(initial: () => Draft, errors: Partial<Record<string, string>>) {
  const [draft, setDraft] = useState(initial);
  return { draft, setDraft, field: draftFields(draft, setDraft, errors) };
}

interface Followed<Record, Draft> {
  /** The record the draft started from (the version a save starts from). */
  base: Record;
  draft: Draft;
  /** The draft as it was made from `base`: while `draft` is still this very object, nothing was typed. */
  untouched: Draft;
  /** The last record the screen was given, as text: what tells a newer one apart. */
  seen: string;
  /** A newer record came while the draft was being edited. */
  changedElsewhere: boolean;
}

const start = <Record, Draft>(record: Record, draftOf: (record: Record) => Draft, seen: string) => {
  const draft = draftOf(record);
  return { base: record, draft, untouched: draft, seen, changedElsewhere: false };
};

/**
 * The draft of a form that edits a record the screen keeps current (a live topic refreshes its
 * query, useLive). While nothing has been typed, a newer record replaces the draft at once, so the
 * form shows what is saved now; once something has been typed, the draft stays as it is and
 * `changedElsewhere` says the record changed meanwhile (another tab, another admin, a player's
 * spin), until `startFrom` begins again from a record (the one saved, or the latest, on request).
 * Records are told apart by content, so a refetch that brings the same record changes nothing.
 */
export function useFollowedDraft<Record, Draft>(record: Record, draftOf: (record: Record) => Draft) {
  const seen = JSON.stringify(record);
  const [state, setState] = useState<Followed<Record, Draft>>(() => start(record, draftOf, seen));
  if (seen !== state.seen) {
    if (seen === JSON.stringify(state.base)) setState({ ...state, seen, changedElsewhere: false });
    else if (state.draft === state.untouched) setState(start(record, draftOf, seen));
    else setState({ ...state, seen, changedElsewhere: true });
  }
  return {
    base: state.base,
    draft: state.draft,
    changedElsewhere: state.changedElsewhere,
    setDraft: (update: SetStateAction<Draft>) =>
      setState((current) => ({
        ...current,
        draft: typeof update === 'function' ? (update as (draft: Draft) => Draft)(current.draft) : update,
      })),
    /** Begins again from `saved`: the answer of a save, or the record as it is now. */
    startFrom: (saved: Record) => setState((current) => start(saved, draftOf, current.seen)),
  };
}
