import { useEffect } from 'react';
import { BaseBuildSequence } from './components/base-build-sequence';
import { EarlyAccess } from './components/early-access';
import { EmailSignup } from './components/email-signup';
import { FeatureSection } from './components/feature-section';
import { FollowTheSignal } from './components/follow-the-signal';
import { GetTheApp } from './components/get-the-app';
import { HeroTeaser } from './components/hero-teaser';
import { PhotoGrid } from './components/photo-grid';
import { RelayLoop } from './components/relay-loop';
import { ResistanceDialogue } from './components/resistance-dialogue';
import { FEATURES } from './content/features';

/** The marketing landing page (spec §2); its sections follow the spec's order. */
export function HomeScreen() {
  useEffect(() => {
    document.title = 'Outpost — join the resistance';
  }, []);

  return (
    <>
      <HeroTeaser />
      <EarlyAccess />
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
