import GuardToursPage from '../../features/guard-tours/guard-tours-page';

export function Component() {
  return <GuardToursPage />;
}
