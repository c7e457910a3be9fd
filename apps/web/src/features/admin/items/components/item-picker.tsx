import type { Environment } from '@outpost/contracts/environments';
import { itemIdSchema } from '@outpost/contracts/items';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { z } from 'zod/mini';
import { FormField } from '../../../../components/form/form-field';
import { itemQueryOptions } from '../api/get-item';
import { getItems, itemsQueryKey } from '../api/get-items';

const SUGGESTIONS = 20;
const TYPING_PAUSE_MS = 250;

/** The text after the admin stops typing for a moment, so a search does not run on every key. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

interface ItemPickerProps {
  environment: Environment;
  value: string;
  onChange: (itemID: string) => void;
  /** Why the form was refused for this field, if it was. */
  error?: string | undefined;
}

/**
 * The item a purchasable sells: a text field whose suggestions (a native datalist, so keyboard
 * and screen readers work as usual) are the items of items-master matching what is typed, by
 * name or ID. Under it, the chosen item's name, or that the environment has no such item.
 */
export function ItemPicker({ environment, value, onChange, error }: ItemPickerProps) {
  const listId = useId();
  const typed = useSettled(value.trim());
  const suggestions = useQuery({
    queryKey: [...itemsQueryKey(environment), 'picker', typed],
    queryFn: () =>
      getItems(environment, {
        page: 1,
        pageSize: SUGGESTIONS,
        sort: 'name',
        order: 'asc',
        filters: typed ? { search: typed } : {},
      }),
    placeholderData: keepPreviousData,
  });
  const wellFormed = z.safeParse(itemIdSchema, typed).success;
  const chosen = useQuery({ ...itemQueryOptions(environment, typed), enabled: wellFormed });

  let hint = 'Type to search items-master by name or ID.';
  if (wellFormed && chosen.isSuccess) hint = `Sells ${chosen.data.name}.`;
  else if (wellFormed && chosen.isError) hint = `${environment} has no item “${typed}” in items-master.`;

  return (
    <>
      <FormField
        label="Item"
        list={listId}
        value={value}
        hint={hint}
        error={error}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId}>
        {suggestions.data?.rows.map((item) => (
          <option key={item.itemID} value={item.itemID} label={item.name} />
        ))}
      </datalist>
    </>
  );
}
