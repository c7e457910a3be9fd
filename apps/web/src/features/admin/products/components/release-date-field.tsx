import { FormField } from '../../../../components/form/form-field';
import { localTimeZone } from '../../components/local-time';

interface ReleaseDateFieldProps {
  /** A datetime-local value in the admin's time zone ("2026-12-01T18:00"); empty for none. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/**
 * The product's release date, the one control of the create and the edit screens: a date and a
 * time (docs/product.md §3.1's timestamp), in the admin's time zone, which the hint names; the forms convert
 * it to and from the stored instant (toLocalDateTime, releaseDateFor).
 */
export function ReleaseDateField({ value, onChange, error }: ReleaseDateFieldProps) {
  return (
    <FormField
      label="Release Date"
      name="releaseDate"
      type="datetime-local"
      hint={`In your time zone (${localTimeZone()}); leave empty for none.`}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
