import { seededRandom, svgText } from '../platform/images/demo-image';

/*
 * The theater's demo pictures, drawn as SVG: a landscape under the episode's sky (ridges, the
 * outpost's containers and radio tower, the sun, the moon or the stars), with its label and title
 * along the bottom as a banner would carry them. Each record's id seeds the shapes, so no two match.
 */

export const SCENE_WIDTH = 960;
export const SCENE_HEIGHT = 540;
const HORIZON = 430;

interface Mood {
  /** The sky, top to horizon. */
  sky: readonly [string, string, string];
  /** The far ridge, the near ridge and the ground with the outpost's silhouette. */
  land: readonly [string, string, string];
  /** What lights the sky: a sun (its height, 0 at the horizon to 1 at the top), the moon and stars, or a fire's glow. */
  light: { sun: number } | 'night' | 'fire';
}

export const MOODS = {
  dawn: { sky: ['#1d2a4a', '#c7654a', '#f6c28b'], land: ['#6b3f35', '#3a2420', '#1c130f'], light: { sun: 0.12 } },
  day: { sky: ['#3f7fbf', '#8fc0e0', '#e8dcc0'], land: ['#7f8f9a', '#5d6b3a', '#2f3520'], light: { sun: 0.8 } },
  overcast: { sky: ['#4a4f57', '#7d8288', '#b9b3a5'], land: ['#6a6a64', '#45443f', '#25231f'], light: { sun: 0.55 } },
  night: { sky: ['#05070f', '#14203a', '#2e3a5c'], land: ['#1e2638', '#121826', '#080a10'], light: 'night' },
  storm: { sky: ['#1b1e24', '#3a4250', '#6b7280'], land: ['#3a3f48', '#23272e', '#121418'], light: { sun: 0.35 } },
  dusk: { sky: ['#14110d', '#7a3512', '#f09a4e'], land: ['#4a2414', '#2e1a10', '#150d08'], light: { sun: 0.05 } },
  desert: { sky: ['#5d8fb5', '#d9b98a', '#f1e6d2'], land: ['#b08a5e', '#8a5a32', '#4a2e1a'], light: { sun: 0.7 } },
  twilight: { sky: ['#1a1838', '#4b3a6b', '#c4825a'], land: ['#3a2e4a', '#241c30', '#120e18'], light: 'night' },
  fire: { sky: ['#07060a', '#1f1410', '#5a2410'], land: ['#24160f', '#160e0a', '#0a0705'], light: 'fire' },
} as const satisfies Record<string, Mood>;

export type MoodName = keyof typeof MOODS;

export interface SceneArt {
  /** Seeds the shapes: the episode's or video's id. */
  seed: string;
  mood: MoodName;
  /** The small line above the title ("Season 1 · Episode 2"). */
  label: string;
  title: string;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** A ridge line across the picture: a jagged path from its base height, `amplitude` px high at most. */
function ridge(random: () => number, base: number, amplitude: number, step: number, colour: string): string {
  const points: string[] = [];
  for (let x = 0; x <= SCENE_WIDTH + step; x += step) points.push(`L${x} ${round(base - random() * amplitude)}`);
  return `<path d="M0 ${SCENE_HEIGHT} ${points.join(' ')} L${SCENE_WIDTH + step} ${SCENE_HEIGHT} Z" fill="${colour}"/>`;
}

/** The outpost on the horizon: stacked containers and a radio tower with its light. */
function outpost(random: () => number, colour: string): string {
  const x = round(80 + random() * 560);
  const tower = x + 250;
  const top = HORIZON - 190 - random() * 40;
  return `<g fill="${colour}">
<rect x="${x}" y="${HORIZON - 50}" width="130" height="52"/><rect x="${x + 24}" y="${HORIZON - 96}" width="104" height="48"/>
<rect x="${x + 140}" y="${HORIZON - 38}" width="92" height="40"/><path d="M${x + 30} ${HORIZON - 96} l26 -18 h40 l26 18 z"/></g>
<g stroke="${colour}" stroke-width="5" stroke-linecap="round" fill="none">
<path d="M${tower} ${top} L${tower - 28} ${HORIZON} M${tower} ${top} L${tower + 28} ${HORIZON} M${tower - 21} ${HORIZON - 44} L${tower + 14} ${HORIZON - 92} M${tower + 21} ${HORIZON - 44} L${tower - 14} ${HORIZON - 92} M${tower - 8} ${round(top + 60)} L${tower + 8} ${round(top + 60)}"/></g>
<circle cx="${tower}" cy="${round(top)}" r="16" fill="url(#beacon)"/><circle cx="${tower}" cy="${round(top)}" r="4" fill="#ff6a3d"/>`;
}

/** The sun, the moon and stars, or a fire's glow; `night` is the sky's colour, which shapes the moon's crescent. */
function lights(random: () => number, light: Mood['light'], night: string): string {
  if (light === 'night') {
    const stars = Array.from(
      { length: 70 },
      () =>
        `<circle cx="${round(random() * SCENE_WIDTH)}" cy="${round(random() * (HORIZON - 120))}" r="${round(0.6 + random() * 1.4)}"/>`,
    ).join('');
    const moonX = round(120 + random() * 720);
    return `<g fill="#f1e6d2" opacity="0.85">${stars}</g>
<circle cx="${moonX}" cy="96" r="90" fill="url(#glow)" opacity="0.5"/><circle cx="${moonX}" cy="96" r="30" fill="#f1e6d2"/>
<circle cx="${moonX + 12}" cy="88" r="27" fill="${night}"/>`;
  }
  if (light === 'fire') {
    return `<ellipse cx="${round(200 + random() * 560)}" cy="${HORIZON + 10}" rx="360" ry="200" fill="url(#glow)"/>`;
  }
  const x = round(100 + random() * 760);
  const y = round(HORIZON - 40 - light.sun * (HORIZON - 120));
  return `<circle cx="${x}" cy="${y}" r="200" fill="url(#glow)"/><circle cx="${x}" cy="${y}" r="44" fill="#fff4dc" opacity="0.95"/>`;
}

/** The picture of an episode or video: a 960 × 540 SVG drawing. */
export function sceneSvg(art: SceneArt): string {
  const random = seededRandom(art.seed);
  const { sky: colours, land, light } = MOODS[art.mood];
  const glow = light === 'fire' ? '#f09a4e' : light === 'night' ? '#c9d6ff' : '#ffe2b0';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" viewBox="0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colours[0]}"/><stop offset="0.62" stop-color="${colours[1]}"/><stop offset="0.8" stop-color="${colours[2]}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${glow}" stop-opacity="0.9"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
<radialGradient id="beacon"><stop offset="0" stop-color="#ff6a3d" stop-opacity="0.8"/><stop offset="1" stop-color="#ff6a3d" stop-opacity="0"/></radialGradient>
<linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.72"/></linearGradient>
</defs>
<rect width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" fill="url(#sky)"/>
${lights(random, light, colours[0])}
${ridge(random, HORIZON - 70, 110, 48, land[0])}
${ridge(random, HORIZON - 14, 50, 32, land[1])}
${outpost(random, land[2])}
<rect y="${HORIZON}" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT - HORIZON}" fill="${land[2]}"/>
<rect y="330" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT - 330}" fill="url(#scrim)"/>
<g font-family="Liberation Sans Narrow, DejaVu Sans Condensed, sans-serif" font-weight="bold">
<text x="48" y="454" font-size="22" letter-spacing="4" fill="#f09a4e">${svgText(art.label.toUpperCase())}</text>
<text x="46" y="506" font-size="54" fill="#f1e6d2">${svgText(art.title)}</text></g>
</svg>`;
}
