import { lazy } from 'react';
import LandingPage from '../../features/landing/landing-page';

// The demo form brings zod, react-hook-form, Radix and the data layer: loaded on interest only.
const loadDemo = () => import('../landing-demo');
const LandingDemo = lazy(loadDemo);

export function LandingRoute() {
  return <LandingPage DemoDialog={LandingDemo} preloadDemoDialog={() => void loadDemo()} />;
}
