import beacon from '../../../assets/art/photo-beacon.svg?no-inline';
import convoy from '../../../assets/art/photo-convoy.svg?no-inline';
import garden from '../../../assets/art/photo-garden.svg?no-inline';
import market from '../../../assets/art/photo-market.svg?no-inline';
import rooftop from '../../../assets/art/photo-rooftop.svg?no-inline';
import scouts from '../../../assets/art/photo-scouts.svg?no-inline';

export const FIELD_PHOTOS: readonly { src: string; alt: string; caption: string }[] = [
  {
    src: rooftop,
    caption: 'Rooftop base at sundown',
    alt: 'Three shipping containers stacked into a tower base, windows lit and string lights glowing against an orange sunset.',
  },
  {
    src: market,
    caption: 'Night market, Sector 2',
    alt: 'Three container stalls with striped awnings and lanterns, traders standing in front of shelves of goods at night.',
  },
  {
    src: scouts,
    caption: 'Night run through the ruins',
    alt: 'Three survivors with head torches sweeping flashlight beams across ruined buildings at night.',
  },
  {
    src: garden,
    caption: 'Rooftop garden',
    alt: 'Vegetable planters cut from container halves, a green water tank and a survivor watering the plants on a hazy day.',
  },
  {
    src: convoy,
    caption: 'Supply convoy at dawn',
    alt: 'Three patched-up trucks driving in a line across a dusty plain, the sun rising behind low hills.',
  },
  {
    src: beacon,
    caption: 'The Outpost-7 beacon',
    alt: 'A radio mast with a red beacon light rising above a camp of lit containers under a starry sky.',
  },
];
