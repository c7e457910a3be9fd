import yard from '../../../assets/art/base-0-yard.svg?no-inline';
import container from '../../../assets/art/base-1-container.svg?no-inline';
import openings from '../../../assets/art/base-2-openings.svg?no-inline';
import stack from '../../../assets/art/base-3-stack.svg?no-inline';
import power from '../../../assets/art/base-4-power.svg?no-inline';
import friends from '../../../assets/art/base-5-friends.svg?no-inline';

/** The empty salvage yard every build starts from. */
export const YARD_ART = yard;

/** Each step adds one transparent layer on top of the yard and the layers before it. */
export const BUILD_STEPS: readonly { title: string; text: string; layer: string }[] = [
  {
    title: 'Salvage a container',
    text: 'Every outpost starts with one steel box. Find a container in the yards outside town, haul it home and claim your plot.',
    layer: container,
  },
  {
    title: 'Cut doors and windows',
    text: 'Fire up the torch and cut your way in. Where the door goes, where the light falls and where you keep watch is up to you.',
    layer: openings,
  },
  {
    title: 'Stack and weld',
    text: 'One box becomes two. Crane another container on top, weld the seams and bolt a ladder to the side.',
    layer: stack,
  },
  {
    title: 'Wire lights and solar',
    text: 'Bolt panels to the roof, run cable and string up lights. A lit window tells every survivor nearby that someone lives here.',
    layer: power,
  },
  {
    title: 'Decorate and invite friends',
    text: 'Raise your flag, plant the garden, light the fire barrel. Then send the coordinates: an outpost is better with your crew in it.',
    layer: friends,
  },
];
