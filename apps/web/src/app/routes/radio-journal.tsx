import CommunicationsJournalPage from '../../features/radio/communications-journal-page';

export function Component() {
  return <CommunicationsJournalPage />;
}
