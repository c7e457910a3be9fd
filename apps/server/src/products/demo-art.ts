/*
 * The demo products' pictures, drawn as SVG: each garment's silhouette in its colour on a studio
 * backdrop, with the outpost's mark (the container-roof glyph of the logo) where a print would be.
 */

export type Garment = 'hoodie' | 'tee' | 'cap' | 'pin';

export interface ProductArt {
  garment: Garment;
  /** The garment's colour; its seams and shadows are drawn darker. */
  colour: string;
  /** The print's colour. */
  print: string;
  /** The backdrop's two tones, light to dark. */
  backdrop: readonly [string, string];
}

export const PRODUCT_ART_SIZE = 640;

/** The logo's container roof and door slats, in a 64-unit box, at (x, y) and `size` units wide. */
function mark(x: number, y: number, size: number, colour: string): string {
  const scale = size / 40;
  return `<g transform="translate(${x - 32 * scale} ${y - 30 * scale}) scale(${scale})" fill="${colour}">
<path d="M12 46V26l20-12 20 12v20H40V34H24v12z"/><path d="M28 38h8v2h-8zm0 4h8v2h-8z"/></g>`;
}

/** The floor shadow: a radial fade, which renders far faster than a blur filter. */
const SHADOW = `<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;

function hoodie({ colour, print }: ProductArt): string {
  return `<path d="M250 170 Q320 112 390 170 L458 196 Q500 212 514 262 L546 440 Q549 458 531 463 L493 471 Q476 474 471 456 L446 322 L446 520 Q446 536 430 536 L210 536 Q194 536 194 520 L194 322 L169 456 Q164 474 147 471 L109 463 Q91 458 94 440 L126 262 Q140 212 182 196 Z" fill="${colour}"/>
<path d="M262 160 Q320 118 378 160 Q362 222 320 224 Q278 222 262 160 Z" fill="#000" opacity="0.35"/>
<path d="M300 222 L297 292 M340 222 L343 292" stroke="${print}" stroke-width="5" stroke-linecap="round"/>
<path d="M236 424 L404 424 L422 500 L218 500 Z" fill="#000" opacity="0.18"/>
<path d="M194 512 H446 V520 Q446 536 430 536 H210 Q194 536 194 520 Z" fill="#000" opacity="0.22"/>
<path d="M100 436 L148 444 M540 436 L492 444" stroke="#000" stroke-width="10" opacity="0.22"/>
${mark(320, 352, 96, print)}`;
}

function tee({ colour, print }: ProductArt): string {
  const arcs = [34, 58, 82]
    .map((r) => `<path d="M${320 - r} ${318 - r * 0.2} A${r} ${r} 0 0 1 ${320 + r} ${318 - r * 0.2}" />`)
    .join('');
  return `<path d="M246 148 Q320 188 394 148 L492 186 L548 272 L482 308 L452 272 L452 528 Q452 542 438 542 L202 542 Q188 542 188 528 L188 272 L158 308 L92 272 L148 186 Z" fill="${colour}"/>
<path d="M246 148 Q320 204 394 148" stroke="#000" stroke-width="12" fill="none" opacity="0.3"/>
<g stroke="${print}" stroke-width="6" fill="none" stroke-linecap="round">
<path d="M320 318 L286 462 M320 318 L354 462 M296 420 H344 M306 378 H334 M291 442 L349 400 M349 442 L291 400"/>
<g opacity="0.85">${arcs}</g></g>
<circle cx="320" cy="312" r="9" fill="${print}"/>
${mark(392, 206, 30, print)}`;
}

function cap({ colour, print }: ProductArt): string {
  return `<g transform="translate(-10 90)"><path d="M168 392 Q164 222 320 214 Q476 222 472 392 Z" fill="${colour}"/>
<path d="M320 214 Q300 300 304 392 M320 214 Q400 300 420 392 M320 214 Q240 300 220 392" stroke="#000" stroke-width="5" fill="none" opacity="0.25"/>
<path d="M150 392 Q320 366 560 402 Q556 444 430 444 Q300 440 154 420 Z" fill="${colour}"/>
<path d="M150 392 Q320 366 560 402 Q556 444 430 444 Q300 440 154 420 Z" fill="#000" opacity="0.3"/>
<circle cx="320" cy="214" r="12" fill="${colour}"/><circle cx="320" cy="214" r="12" fill="#000" opacity="0.25"/>
<rect x="262" y="278" width="116" height="74" rx="10" fill="${print}"/>
${mark(320, 318, 62, colour)}</g>`;
}

function pin({ colour, print }: ProductArt): string {
  const stars = [0, 1, 2, 3, 4]
    .map((index) => {
      const angle = (Math.PI / 180) * (210 + index * 30);
      return `<circle cx="${(320 + 118 * Math.cos(angle)).toFixed(1)}" cy="${(330 + 118 * Math.sin(angle)).toFixed(1)}" r="7"/>`;
    })
    .join('');
  return `<circle cx="320" cy="330" r="178" fill="#b08a3e"/><circle cx="320" cy="330" r="166" fill="#e9c46a"/>
<circle cx="320" cy="330" r="150" fill="${colour}"/>
<path d="M190 400 H450 L420 452 H220 Z" fill="#b08a3e"/><path d="M196 404 H444 L417 448 H223 Z" fill="${print}"/>
<text x="320" y="438" text-anchor="middle" font-family="Liberation Sans Narrow, DejaVu Sans Condensed, sans-serif" font-weight="bold" font-size="30" letter-spacing="6" fill="${colour}">FOUNDERS</text>
<g fill="#e9c46a">${stars}</g>
${mark(320, 318, 150, print)}
<path d="M240 210 Q320 176 400 210" stroke="#fff" stroke-width="10" fill="none" opacity="0.25" stroke-linecap="round"/>`;
}

const GARMENTS: Record<Garment, (art: ProductArt) => string> = { hoodie, tee, cap, pin };

/** The product's picture: a square SVG drawing. */
export function productArtSvg(art: ProductArt): string {
  const size = PRODUCT_ART_SIZE;
  const [light, dark] = art.backdrop;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><radialGradient id="backdrop" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient>${SHADOW}</defs>
<rect width="${size}" height="${size}" fill="url(#backdrop)"/>
<ellipse cx="320" cy="572" rx="240" ry="34" fill="url(#shadow)"/>
${GARMENTS[art.garment](art)}
</svg>`;
}
