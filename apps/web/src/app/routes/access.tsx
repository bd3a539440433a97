import AccessPage from '../../features/access/access-page';

export function Component() {
  return <AccessPage />;
}
