import type { Environment } from '@outpost/contracts/environments';
import {
  everyoneLabel,
  REWARD_AUDIENCE_DESCRIPTIONS,
  REWARD_AUDIENCE_LABELS,
  REWARD_AUDIENCES,
  REWARD_EVERYONE,
  REWARD_MAX_RECIPIENTS,
} from '@outpost/contracts/rewards';
import { useId } from 'react';
import { type RecipientKind, SEGMENT_RECIPIENTS } from '../reward-form';
import styles from '../rewards.module.css';

interface RecipientChoiceProps {
  environment: Environment;
  /** The audience chosen (or everyone, or a segment), or null for chosen players. */
  audience: RecipientKind;
  /** What the Everyone option says of its size: the count, or that it is being counted. */
  everyoneSize: string;
  onChange: (audience: RecipientKind) => void;
}

/**
 * Whom the reward goes to: players the admin chooses, one of the audiences or a segment the server
 * finds at the send, or everyone in the environment, given by a background job.
 */
export function RecipientChoice({ environment, audience, everyoneSize, onChange }: RecipientChoiceProps) {
  const id = useId();
  const options: { audience: RecipientKind; label: string; description: string }[] = [
    {
      audience: null,
      label: 'Chosen players',
      description: 'Players you find by name or email below; a list of user IDs may be pasted too.',
    },
    ...REWARD_AUDIENCES.map((option) => ({
      audience: option,
      label: REWARD_AUDIENCE_LABELS[option],
      description: REWARD_AUDIENCE_DESCRIPTIONS[option],
    })),
    {
      audience: SEGMENT_RECIPIENTS,
      label: 'A segment',
      description: `The players of a segment you choose below, as segments last counted them; ${REWARD_MAX_RECIPIENTS} at most.`,
    },
    {
      audience: REWARD_EVERYONE,
      label: everyoneLabel(environment),
      description: `Every player account, given in batches by a background job: ${everyoneSize}.`,
    },
  ];
  return (
    <fieldset className={styles.sendTo}>
      <legend>Send to</legend>
      {options.map((option) => {
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
