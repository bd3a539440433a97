import LogbookPage from '../../features/logbook/logbook-page';

export function Component() {
  return <LogbookPage />;
}
