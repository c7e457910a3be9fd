import type { Environment } from '@outpost/contracts/environments';
import { MACHINE_MAX_PRIZES } from '@outpost/contracts/shop';
import { type ComponentProps, useEffect, useId, useRef } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import { DataTable } from '../../../../components/admin-list/data-table';
import { useFieldDescription } from '../../../../components/form/field-description';
import type { FieldErrors } from '../../../../components/form/field-errors';
import { useItemChoices } from '../../api/get-item-choices';
import adminStyles from '../../components/admin-screen.module.css';
import { moveItem } from '../../components/move-item';
import { blankPrize, formatOdds, type PrizeDraft, prizeOdds } from '../machine-form';
import styles from '../shop.module.css';

interface PrizesEditorProps {
  environment: Environment;
  prizes: PrizeDraft[];
  onChange: (prizes: PrizeDraft[]) => void;
  /** The form's field errors: a prize's are keyed `prizes.{row}.{field}`, as the schema and server key them. */
  errors?: FieldErrors;
}

/** A cell's input, named by its aria-label; an error marks it and is read out with it, under it in the cell. */
function PrizeInput({ error, ...input }: Omit<ComponentProps<'input'>, 'id'> & { error: string | undefined }) {
  const field = useFieldDescription(undefined, error);
  return (
    <>
      <input {...input} {...field.controlProps} />
      {field.messages}
    </>
  );
}

type FocusTarget = { key: string; control: 'first' | 'up' | 'down' } | 'add' | null;

/**
 * A machine's prizes as a table: Prize ID, Name, Item (suggested from items-master), Weight,
 * Stock, and the published odds each row gives as the table is edited; rows are added, moved
 * and removed with buttons. Focus follows the change: into a new row, along with a moved row's
 * button, or to '+ Add prize' once a row is removed.
 */
export function PrizesEditor({ environment, prizes, onChange, errors = {} }: PrizesEditorProps) {
  const table = useRef<HTMLTableSectionElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<FocusTarget>(null);
  const items = useItemChoices(environment);
  const itemListId = useId();
  const odds = prizeOdds(prizes);
  const stockLeft = prizes.reduce((sum, prize) => sum + (Number(prize.stock) || 0), 0);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'add') addButton.current?.focus();
    else if (target) {
      const selector = target.control === 'first' ? 'input' : `[data-control="${target.control}"]`;
      table.current?.querySelector<HTMLElement>(`[data-row="${target.key}"] ${selector}`)?.focus();
    }
  });

  const update = (key: string, changes: Partial<PrizeDraft>) =>
    onChange(prizes.map((prize) => (prize.key === key ? { ...prize, ...changes } : prize)));
  const add = () => {
    const row = blankPrize();
    focusNext.current = { key: row.key, control: 'first' };
    onChange([...prizes, row]);
  };
  const remove = (key: string) => {
    focusNext.current = 'add';
    onChange(prizes.filter((prize) => prize.key !== key));
  };
  const move = (index: number, step: -1 | 1) => {
    const prize = prizes[index];
    if (!prize) return;
    focusNext.current = { key: prize.key, control: step === -1 ? 'up' : 'down' };
    onChange(moveItem(prizes, index, step));
  };

  return (
    <fieldset className={adminStyles.group}>
      <legend>Prizes</legend>
      <p className={adminStyles.note}>
        A prize’s odds are its weight over the weights of the prizes still in stock; players see these odds. A prize
        with no stock left cannot be drawn. {stockLeft.toLocaleString('en-US')} prizes left in all.
      </p>
      {/* On a phone each prize is a card of its fields. */}
      <DataTable label="Prizes and their published odds" className={styles.prizes}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Prize ID</th>
            <th scope="col">Name</th>
            <th scope="col">Item</th>
            <th scope="col">Weight</th>
            <th scope="col">Stock</th>
            <th scope="col">Odds</th>
            <th scope="col">Order</th>
          </tr>
        </thead>
        <tbody ref={table}>
          {prizes.map((prize, index) => {
            const label = `Prize ${index + 1}`;
            const errorOf = (field: keyof PrizeDraft) => errors[`prizes.${index}.${field}`];
            return (
              <tr key={prize.key} data-row={prize.key}>
                <th scope="row">{index + 1}</th>
                <td data-label="Prize ID">
                  <PrizeInput
                    error={errorOf('prizeID')}
                    aria-label={`${label} ID`}
                    value={prize.prizeID}
                    autoCapitalize="none"
                    spellCheck={false}
                    onChange={(event) => update(prize.key, { prizeID: event.target.value.toLowerCase() })}
                  />
                </td>
                <td data-label="Name">
                  <PrizeInput
                    error={errorOf('name')}
                    aria-label={`${label} name`}
                    value={prize.name}
                    onChange={(event) => update(prize.key, { name: event.target.value })}
                  />
                </td>
                <td data-label="Item">
                  <PrizeInput
                    error={errorOf('itemID')}
                    aria-label={`${label} item`}
                    value={prize.itemID}
                    list={items.data ? itemListId : undefined}
                    autoCapitalize="none"
                    spellCheck={false}
                    onChange={(event) => update(prize.key, { itemID: event.target.value })}
                  />
                </td>
                <td data-label="Weight" className={styles.narrow}>
                  <PrizeInput
                    error={errorOf('weight')}
                    aria-label={`${label} weight`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    value={prize.weight}
                    onChange={(event) => update(prize.key, { weight: event.target.value })}
                  />
                </td>
                <td data-label="Stock" className={styles.narrow}>
                  <PrizeInput
                    error={errorOf('stock')}
                    aria-label={`${label} stock`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    value={prize.stock}
                    onChange={(event) => update(prize.key, { stock: event.target.value })}
                  />
                </td>
                <td data-label="Odds" className={styles.odds} data-testid="odds">
                  {formatOdds(odds[index] ?? null)}
                </td>
                <td>
                  <div className={styles.rowActions}>
                    <button
                      type="button"
                      className={listStyles.plainButton}
                      data-control="up"
                      aria-label={`Move ${label.toLowerCase()} up`}
                      aria-disabled={index === 0}
                      onClick={() => index > 0 && move(index, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className={listStyles.plainButton}
                      data-control="down"
                      aria-label={`Move ${label.toLowerCase()} down`}
                      aria-disabled={index === prizes.length - 1}
                      onClick={() => index < prizes.length - 1 && move(index, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className={listStyles.plainButton}
                      aria-label={`Remove ${label.toLowerCase()}`}
                      onClick={() => remove(prize.key)}
                    >
                      Remove
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
      {items.data && (
        <datalist id={itemListId}>
          {items.data.rows.map((item) => (
            <option key={item.itemID} value={item.itemID}>
              {item.name}
            </option>
          ))}
        </datalist>
      )}
      <button
        ref={addButton}
        type="button"
        className={listStyles.plainButton}
        aria-disabled={prizes.length >= MACHINE_MAX_PRIZES}
        onClick={() => prizes.length < MACHINE_MAX_PRIZES && add()}
      >
        + Add prize
      </button>
    </fieldset>
  );
}
