import { type ComponentType, Suspense, useState } from 'react';
import { ClosingCta } from './components/closing-cta';
import { FeaturesSection } from './components/features-section';
import { HeroSection } from './components/hero-section';
import { LandingFooter } from './components/landing-footer';
import { LandingHeader } from './components/landing-header';
import { PricingSection } from './components/pricing-section';
import { StatsSection } from './components/stats-section';
import { TestimonialsSection } from './components/testimonials-section';
import { WhySection } from './components/why-section';

type DemoDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

type LandingPageProps = {
  /** The 'Demander une démonstration' modal, lazy-loaded and given by the app with its data layer. */
  DemoDialog: ComponentType<DemoDialogProps>;
  /** Starts downloading the modal before the click (hover or focus on a pricing button). */
  preloadDemoDialog: () => void;
};

export default function LandingPage({ DemoDialog, preloadDemoDialog }: LandingPageProps) {
  const [demoOpen, setDemoOpen] = useState(false);
  const [demoLoaded, setDemoLoaded] = useState(false);

  const openDemo = () => {
    setDemoLoaded(true);
    setDemoOpen(true);
  };

  return (
    <div className="min-h-dvh bg-ink-900">
      <LandingHeader />
      <main>
        <HeroSection />
        <StatsSection />
        <FeaturesSection />
        <WhySection />
        <TestimonialsSection />
        <PricingSection onRequestDemo={openDemo} onIntent={preloadDemoDialog} />
        <ClosingCta />
      </main>
      <LandingFooter />
      {demoLoaded ? (
        <Suspense fallback={null}>
          <DemoDialog open={demoOpen} onOpenChange={setDemoOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
