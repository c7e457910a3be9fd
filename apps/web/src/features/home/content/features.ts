import buildArt from '../../../assets/art/feature-build.svg?no-inline';
import fashionArt from '../../../assets/art/feature-fashion.svg?no-inline';
import hangoutArt from '../../../assets/art/feature-hangout.svg?no-inline';
import helpBuildArt from '../../../assets/art/feature-help-build.svg?no-inline';
import questArt from '../../../assets/art/feature-quest.svg?no-inline';

export interface Feature {
  id: string;
  /** These sections are named in docs/product.md §2.3; the titles are binding word for word. */
  title: string;
  paragraphs: readonly string[];
  art: string;
  alt: string;
}

export const FEATURES: readonly Feature[] = [
  {
    id: 'build-and-decorate',
    title: 'Build & Decorate',
    paragraphs: [
      'Salvage shipping containers and turn them into a base that is unmistakably yours. Cut doors, stack floors, weld on balconies and run power to the roof.',
      'Then make it home: couches, rugs, posters, plants and whatever treasure you dragged back from the wastes. Your base is your workshop, your living room and your calling card.',
    ],
    art: buildArt,
    alt: 'Inside a rust-red container home: a green couch on an orange rug, a poster, a hanging lamp, a houseplant and a window looking out on a dusk skyline.',
  },
  {
    id: 'play-and-quest',
    title: 'Play & Quest',
    paragraphs: [
      'Team up for scavenging runs, signal hunts and rescue missions across the fallen world. Every quest pushes the resistance map a little further.',
      'New episodes keep the story moving, and what your crew finds out there changes what comes next.',
    ],
    art: questArt,
    alt: 'Three survivors with backpacks on a ridge at dusk; one points toward a glowing quest marker above the ruins, with a dotted trail leading to it.',
  },
  {
    id: 'your-world-your-hangout',
    title: 'Your World Your Hangout',
    paragraphs: [
      'Outpost is not only about surviving. Gather round the fire on a rooftop, throw a party in your container lounge, or just sit on the wall and talk while the sun goes down.',
      'Voice chat in public spaces is screened for profanity and direct messages stay private, so hanging out stays friendly.',
    ],
    art: hangoutArt,
    alt: 'Friends sitting around a campfire on a rooftop under string lights and a crescent moon, with chat bubbles saying “gg!” and “brb”.',
  },
  {
    id: 'avatar-fashion-goes-irl',
    title: 'Avatar Fashion goes IRL',
    paragraphs: [
      'Dress your avatar in patched jackets, scavenged gear and resistance colours, and change your look as often as your base.',
      'The best pieces do not stay on screen: order your avatar’s outfit as real merch and wear the resistance in the real world.',
    ],
    art: fashionArt,
    alt: 'An avatar in an orange jacket and olive scarf on an in-game card, with an arrow to the same orange shirt on a hanger with an “IRL” tag.',
  },
  {
    id: 'help-build-the-world',
    title: 'Help Build the world',
    paragraphs: [
      'Outpost grows with its players. Beta testers send feedback from inside the game, the community votes on what we build next, and partner creators bring new survivors in.',
      'Join the beta, tell us what works and what does not, and watch your ideas show up in the world.',
    ],
    art: helpBuildArt,
    alt: 'A blueprint of a two-storey container base marked “Outpost-7 rev 12”, a wrench, a feedback checklist and a “Beta” tag.',
  },
];
