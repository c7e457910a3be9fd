import { useState } from 'react';

/** The keys of a draft whose values are text: the ones a field edits. */
type TextKey<Draft> = { [Key in keyof Draft]: Draft[Key] extends string ? Key : never }[keyof Draft] & string;

/**
 * What a form holds while it is typed, and `field(name)`: the props of one text field of it (its
 * name, value and problem, and the change that writes it into the draft), to spread on a
 * FormField, SelectField or TextAreaField. `errors` are the form's (useFieldErrors').
 */
export function useDraft<Draft extends object>(initial: () => Draft, errors: Partial<Record<string, string>>) {
  const [draft, setDraft] = useState(initial);
  const field = (name: TextKey<Draft>) => ({
    name,
    // TextKey keeps only the keys whose values are strings.
    value: draft[name] as string,
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setDraft((now) => ({ ...now, [name]: event.target.value })),
  });
  return { draft, setDraft, field };
}
