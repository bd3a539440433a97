import SecurityReportsPage from '../../features/security-reports/security-reports-page';

export function Component() {
  return <SecurityReportsPage />;
}
