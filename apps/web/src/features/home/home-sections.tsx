import { BaseBuildSequence } from './components/base-build-sequence';
import { EmailSignup } from './components/email-signup';
import { FeatureSection } from './components/feature-section';
import { FollowTheSignal } from './components/follow-the-signal';
import { GetTheApp } from './components/get-the-app';
import { PhotoGrid } from './components/photo-grid';
import { RelayLoop } from './components/relay-loop';
import { ResistanceDialogue } from './components/resistance-dialogue';
import { FEATURES } from './content/features';

/** The landing page below its first screen, in the order of docs/product.md §2.3 (its own chunk: see HomeScreen). */
export default function HomeSections() {
  return (
    <>
      <ResistanceDialogue />
      <BaseBuildSequence />
      {FEATURES.map((feature, index) => (
        <FeatureSection key={feature.id} feature={feature} flipped={index % 2 === 1} />
      ))}
      <EmailSignup />
      <PhotoGrid />
      <GetTheApp />
      <RelayLoop />
      <FollowTheSignal />
    </>
  );
}
