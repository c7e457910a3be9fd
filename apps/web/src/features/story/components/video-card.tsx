import type { CollectionVideo } from '@outpost/contracts/theater';
import { StoryCard } from './story-card';

/** One theater video of a collection: its thumbnail, title and sublabel ("Video 3" when it has none). */
export function VideoCard({ video }: { video: CollectionVideo }) {
  return (
    <StoryCard
      id={video.videoID}
      title={video.title}
      picture={video.thumbnail}
      placeholder={`#${video.videoNumber}`}
      label={video.sublabel || `Video ${video.videoNumber}`}
    />
  );
}
