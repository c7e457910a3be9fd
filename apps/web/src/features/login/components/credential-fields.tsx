import { DISPLAY_NAME_RULE } from '@outpost/contracts/identity';
import { FormField } from '../../../components/form/form-field';
import { PASSWORD_RULE } from '../validation';

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** The fields the login forms share, each with its label, autocomplete hint and rule. */
export function EmailField({ value, onChange, error }: FieldProps) {
  return (
    <FormField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

export function DisplayNameField({ value, onChange, error }: FieldProps) {
  return (
    <FormField
      label="Display name"
      name="displayName"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      hint={DISPLAY_NAME_RULE}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/** `purpose` picks the label and tells password managers whether to fill in or to generate. */
export function PasswordField({
  value,
  onChange,
  error,
  purpose,
}: FieldProps & { purpose: 'current' | 'new' | 'reset' }) {
  return (
    <FormField
      label={purpose === 'reset' ? 'New password' : 'Password'}
      type="password"
      name={purpose === 'reset' ? 'newPassword' : 'password'}
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      {...(purpose === 'current' ? {} : { hint: PASSWORD_RULE })}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
