import DemoRequestDialog from '../features/landing/components/demo-request-dialog';
import { RuntimeProviders } from './runtime-providers';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** The landing page's demo-request modal with the data layer it needs, loaded on demand. */
export default function LandingDemo(props: Props) {
  return (
    <RuntimeProviders>
      <DemoRequestDialog {...props} />
    </RuntimeProviders>
  );
}
