import {
  REWARD_AUDIENCE_DESCRIPTIONS,
  REWARD_AUDIENCE_LABELS,
  REWARD_AUDIENCES,
  type RewardAudience,
} from '@outpost/contracts/rewards';
import { useId } from 'react';
import styles from '../rewards.module.css';

const OPTIONS: { audience: RewardAudience | null; label: string; description: string }[] = [
  { audience: null, label: 'Chosen players', description: 'Players you find below or whose user IDs you paste.' },
  ...REWARD_AUDIENCES.map((audience) => ({
    audience,
    label: REWARD_AUDIENCE_LABELS[audience],
    description: REWARD_AUDIENCE_DESCRIPTIONS[audience],
  })),
];

interface RecipientChoiceProps {
  /** The audience chosen, or null for chosen players. */
  audience: RewardAudience | null;
  onChange: (audience: RewardAudience | null) => void;
}

/** Whom the reward goes to: players the admin chooses, or one of the audiences the server finds at the send. */
export function RecipientChoice({ audience, onChange }: RecipientChoiceProps) {
  const id = useId();
  return (
    <fieldset className={styles.sendTo}>
      <legend>Send to</legend>
      {OPTIONS.map((option) => {
        const key = option.audience ?? 'chosen';
        return (
          <div key={key} className={styles.option}>
            <label>
              <input
                type="radio"
                name={`${id}-send-to`}
                checked={audience === option.audience}
                aria-describedby={`${id}-${key}`}
                onChange={() => onChange(option.audience)}
              />
              {option.label}
            </label>
            <span id={`${id}-${key}`}>{option.description}</span>
          </div>
        );
      })}
    </fieldset>
  );
}
