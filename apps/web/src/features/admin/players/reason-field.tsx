import { PLAYER_SUPPORT_LIMITS } from '@outpost/contracts/player-record';
import { TextAreaField } from '../../../components/form/text-area-field';

interface ReasonFieldProps {
  /** Who reads the reason. */
  hint: string;
  value: string;
  error: string | undefined;
  onChange: (reason: string) => void;
}

/** The reason a support tool asks for with each change to the player. */
export function ReasonField({ hint, value, error, onChange }: ReasonFieldProps) {
  return (
    <TextAreaField
      label="Reason"
      name="reason"
      rows={2}
      maxLength={PLAYER_SUPPORT_LIMITS.reasonMax}
      hint={hint}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
