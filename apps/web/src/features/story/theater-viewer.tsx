import { ComingSoon } from '../../components/coming-soon/coming-soon';
import { useParams } from '../../lib/router/router';

export default function TheaterViewer() {
  const { episodeID } = useParams();
  return (
    <ComingSoon title="Episode viewer">
      <p>
        Episode <code>{episodeID}</code> will play here once the theater opens.
      </p>
    </ComingSoon>
  );
}
