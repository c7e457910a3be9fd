import { type FormEvent, useId, useState } from 'react';
import formStyles from '../form/form.module.css';
import styles from './admin-list.module.css';
import {
  type AdminListFilter,
  type DateRangeFilter,
  type FilterValues,
  filterParams,
  type SelectFilter,
  type TextFilter,
} from './list-view';

interface FilterFormProps {
  /** The list's label, so the search landmark says what it filters. */
  label: string;
  filters: readonly AdminListFilter[];
  values: FilterValues;
  onApply: (values: FilterValues) => void;
}

/**
 * The list's filters, applied together with one button (or Enter in a field) rather than on
 * every keystroke: one request and one history entry per search, and a screen reader user is
 * not interrupted by results changing under the cursor.
 */
export function FilterForm({ label, filters, values, onApply }: FilterFormProps) {
  const [draft, setDraft] = useState(values);
  // Back/forward changes the applied values under the form: the fields follow them. Compared
  // by content, as the URL is parsed anew on every navigation.
  const applied = JSON.stringify(values);
  const [shown, setShown] = useState(applied);
  // What this form applied last, until it arrives: the fields hold it already. The new address
  // renders later, as a transition (lib/router/router.tsx), and what the admin types meanwhile
  // must not be reset by its arrival.
  const [sent, setSent] = useState<string | null>(null);
  if (applied !== shown) {
    setShown(applied);
    setSent(null);
    if (applied !== sent) setDraft(values);
  }
  const change = (param: string, value: string) => setDraft((current) => ({ ...current, [param]: value }));
  const apply = (next: FilterValues) => {
    setSent(JSON.stringify(next));
    setDraft(next);
    onApply(next);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    for (const param of filterParams(filters)) {
      const value = draft[param]?.trim();
      if (value) next[param] = value;
    }
    apply(next);
  };
  return (
    // <search> is the search landmark (Chromium and Firefox 118, Safari 17); older browsers show a plain block.
    <search aria-label={`Filter ${label}`}>
      <form className={styles.filters} onSubmit={submit}>
        {filters.map((filter) => (
          <FilterField
            key={filter.kind === 'dateRange' ? filter.from : filter.param}
            filter={filter}
            values={draft}
            onChange={change}
          />
        ))}
        <div className={styles.filterActions}>
          <button type="submit" className="button">
            Apply filters
          </button>
          <button type="button" className={styles.plainButton} onClick={() => apply({})}>
            Clear filters
          </button>
        </div>
      </form>
    </search>
  );
}

type Change = (param: string, value: string) => void;

function FilterField({
  filter,
  values,
  onChange,
}: {
  filter: AdminListFilter;
  values: FilterValues;
  onChange: Change;
}) {
  switch (filter.kind) {
    case 'text':
      return <TextField filter={filter} value={values[filter.param] ?? ''} onChange={onChange} />;
    case 'select':
      return <SelectField filter={filter} value={values[filter.param] ?? ''} onChange={onChange} />;
    case 'dateRange':
      return (
        <DateRangeField
          filter={filter}
          from={values[filter.from] ?? ''}
          to={values[filter.to] ?? ''}
          onChange={onChange}
        />
      );
  }
}

function TextField({ filter, value, onChange }: { filter: TextFilter; value: string; onChange: Change }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{filter.label}</label>
      <input
        id={id}
        name={filter.param}
        type="search"
        className={formStyles.input}
        value={value}
        onChange={(event) => onChange(filter.param, event.target.value)}
        aria-describedby={filter.hint ? `${id}-hint` : undefined}
      />
      {filter.hint && (
        <p id={`${id}-hint`} className={formStyles.hint}>
          {filter.hint}
        </p>
      )}
    </div>
  );
}

function SelectField({ filter, value, onChange }: { filter: SelectFilter; value: string; onChange: Change }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{filter.label}</label>
      <select
        id={id}
        name={filter.param}
        className={formStyles.input}
        value={value}
        onChange={(event) => onChange(filter.param, event.target.value)}
      >
        <option value="">{filter.allLabel ?? 'All'}</option>
        {filter.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface DateRangeFieldProps {
  filter: DateRangeFilter;
  from: string;
  to: string;
  onChange: Change;
}

function DateRangeField({ filter, from, to, onChange }: DateRangeFieldProps) {
  const id = useId();
  return (
    <fieldset className={styles.dateRange}>
      <legend>{filter.label}</legend>
      <DateInput id={`${id}-from`} label="From" param={filter.from} value={from} max={to} onChange={onChange} />
      <DateInput id={`${id}-to`} label="To" param={filter.to} value={to} min={from} onChange={onChange} />
    </fieldset>
  );
}

interface DateInputProps {
  id: string;
  label: string;
  param: string;
  value: string;
  /** The other end of the range, so the browser's picker cannot cross it. */
  min?: string;
  max?: string;
  onChange: Change;
}

function DateInput({ id, label, param, value, min, max, onChange }: DateInputProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={param}
        type="date"
        className={formStyles.input}
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => onChange(param, event.target.value)}
      />
    </div>
  );
}
