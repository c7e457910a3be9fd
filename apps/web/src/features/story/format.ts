/** In the reader's own language: 12,345 or 12 345 or 12.345. */
const numbers = new Intl.NumberFormat();

export const formatNumber = (value: number) => numbers.format(value);

export const favouritesText = (count: number) => `${formatNumber(count)} ${count === 1 ? 'favourite' : 'favourites'}`;

/** The placeholder's words on an episode without a banner: "S2 · E10". */
export const shortEpisodeLabel = (episode: { season: number; episode: number }) =>
  `S${episode.season} · E${episode.episode}`;
