import { useId } from 'react';

interface ChoiceFieldProps<Value extends string> {
  legend: string;
  choices: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
  /** The screen's look for the group: a row of choices, or one a line. */
  className?: string;
}

/** One of a few choices, a radio each, named by the group's legend. */
export function ChoiceField<Value extends string>({
  legend,
  choices,
  value,
  onChange,
  className,
}: ChoiceFieldProps<Value>) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value}>
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}
