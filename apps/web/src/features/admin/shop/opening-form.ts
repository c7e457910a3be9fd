import { type ContainerSpinConfig, containerSpinConfigInputSchema } from '@outpost/contracts/shop';
import { type Checked, checkWith } from '../components/form-check';
import { fromLocalDateTime } from '../components/local-time';

/** The shop's opening date as typed (datetime-local, the admin's zone); empty clears it: the shop is open. */
export function checkOpening(text: string): Checked<ContainerSpinConfig> {
  return checkWith(containerSpinConfigInputSchema, { shopOpens: fromLocalDateTime(text) }, { markFields: true });
}

/** What players see now with this opening date. */
export function openingSummary(shopOpens: string | null, now: Date): string {
  if (shopOpens === null) return 'The shop is open: no opening date is set.';
  return Date.parse(shopOpens) > now.getTime()
    ? 'The shop is closed: players see a countdown to the opening date and spins are refused until then.'
    : 'The shop is open: its opening date has passed.';
}
