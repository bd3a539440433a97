import { lazy, Suspense, useState } from 'react';
import { ClosingCta } from './components/closing-cta';
import { FeaturesSection } from './components/features-section';
import { HeroSection } from './components/hero-section';
import { LandingFooter } from './components/landing-footer';
import { LandingHeader } from './components/landing-header';
import { PricingSection } from './components/pricing-section';
import { StatsSection } from './components/stats-section';
import { TestimonialsSection } from './components/testimonials-section';
import { WhySection } from './components/why-section';

// The demo form brings zod, react-hook-form and Radix: load it only when a visitor shows interest.
const loadDemoDialog = () => import('./components/demo-request-dialog');
const DemoRequestDialog = lazy(loadDemoDialog);

export default function LandingPage() {
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
        <PricingSection onRequestDemo={openDemo} onIntent={() => void loadDemoDialog()} />
        <ClosingCta />
      </main>
      <LandingFooter />
      {demoLoaded ? (
        <Suspense fallback={null}>
          <DemoRequestDialog open={demoOpen} onOpenChange={setDemoOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
