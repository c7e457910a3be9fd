import { ComingSoon } from '../../components/coming-soon/coming-soon';

export default function TheaterHome() {
  return (
    <ComingSoon title="The Story Theater">
      <p>
        This is where the resistance tells its story: mtota, the episode library, season by season, with each episode's
        in-game stats, and a place to keep your favourites.
      </p>
      <p>The theater's screens are being wired up now. Episodes will appear here as soon as they are on the air.</p>
    </ComingSoon>
  );
}
