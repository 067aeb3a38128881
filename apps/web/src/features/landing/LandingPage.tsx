import { useRef } from 'react';
import { CategoryStrip } from './CategoryStrip';
import { Capabilities, FeatureGrid } from './FeatureSections';
import { Footer } from './Footer';
import { Hero } from './Hero';
import { LandingHeader } from './LandingHeader';
import { PromoCard } from './PromoCard';
import { PublicGallery } from './PublicGallery';
import { SignInNotice } from './SignInNotice';
import { SignupCta } from './SignupCta';

/** The single landing and sign-in screen of every private path for visitors (spec §2.2). */
export function LandingPage({ signInNeededFor }: { signInNeededFor?: string } = {}) {
  const galleryRef = useRef<HTMLElement>(null);
  const scrollToGallery = () => galleryRef.current?.scrollIntoView({ behavior: 'smooth' });
  return (
    <div className="min-h-screen">
      <LandingHeader />
      {signInNeededFor && <SignInNotice path={signInNeededFor} />}
      <main>
        <Hero onBrowse={scrollToGallery} />
        <CategoryStrip onSelect={scrollToGallery} />
        <PublicGallery ref={galleryRef} />
        <FeatureGrid />
        <Capabilities />
        <SignupCta />
      </main>
      <Footer />
      <PromoCard />
    </div>
  );
}
