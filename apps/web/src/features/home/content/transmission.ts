export type Speaker = 'contact' | 'player';

export const SPEAKER_NAMES: Record<Speaker, string> = {
  contact: 'Mara · Relay 7',
  player: 'You',
};

/** The radio call that recruits the player, the game's opening scene in miniature. */
export const TRANSMISSION: readonly { speaker: Speaker; line: string }[] = [
  {
    speaker: 'contact',
    line: '…is anyone receiving? This is Mara on the Outpost-7 relay. If you can hear this, you made it through the fall.',
  },
  { speaker: 'player', line: 'I hear you. The grid is dead and the city is dust. Who is still out there?' },
  {
    speaker: 'contact',
    line: 'More of us than you would think. The resistance is rebuilding, one shipping container at a time.',
  },
  { speaker: 'player', line: 'What do you need from me?' },
  {
    speaker: 'contact',
    line: 'Salvage a container, make it home, and bring your friends. Nobody builds this world alone.',
  },
  { speaker: 'player', line: "Send the coordinates. I'm in." },
  { speaker: 'contact', line: 'Welcome to the resistance, survivor. Outpost-7 out.' },
];
