import type { PartnerRefusal } from '@outpost/contracts/partners';

/** A player's join, tier claim or partner invite claim refused, with the words to show them. */
export class PartnerRefusedError extends Error {
  constructor(
    readonly refusal: PartnerRefusal,
    message: string,
  ) {
    super(message);
  }
}
