import type { Environment } from '@outpost/contracts/environments';
import { FormField } from '../../../../components/form/form-field';
import { useDraft } from '../../../../components/form/use-draft';
import { useChangeCollection } from '../api/change-collection';
import { checkNewCollection } from '../collection-form';
import { FormFrame } from './form-frame';
import { useTheaterChange } from './use-theater-change';

interface NewCollectionFormProps {
  environment: Environment;
  /** Opens the new collection's editor, to add its videos. */
  onCreated: (collectionID: string) => void;
}

/** A new, empty collection: its ID and title; its videos are added in its editor, which opens next. */
export function NewCollectionForm({ environment, onCreated }: NewCollectionFormProps) {
  const change = useTheaterChange(environment);
  const { draft, field } = useDraft(() => ({ collectionID: '', title: '' }), change.errors);
  const collections = useChangeCollection(environment);

  const submit = () =>
    change.submit(checkNewCollection(draft), (input) => ({
      confirmation: () => ({
        message: <p>This adds the collection “{draft.title.trim()}” to the theater in production.</p>,
        confirmLabel: 'Create in production',
      }),
      request: () => collections.mutateAsync({ kind: 'create', input }),
      // The server keeps the ID lower case, as the schema reads it.
      onDone: () => onCreated(input.collectionID.trim().toLowerCase()),
      failure: (message) => `The collection was not created. ${message}`,
    }));

  return (
    <FormFrame
      title="New collection"
      change={change}
      onSubmit={submit}
      arrivedByAction
      actions={{ submitLabel: 'Create collection' }}
    >
      <FormField
        label="Collection ID"
        hint="Lower-case letters, digits and '-'; unique in this environment."
        autoCapitalize="none"
        spellCheck={false}
        {...field('collectionID')}
      />
      <FormField label="Title" {...field('title')} />
    </FormFrame>
  );
}
