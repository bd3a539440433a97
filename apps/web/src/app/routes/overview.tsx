import { LayoutDashboard } from 'lucide-react';
import { ModulePlaceholder } from '../../components/module-placeholder';

// Replace with the module's page when it ships.
export function Component() {
  return (
    <ModulePlaceholder
      title="Tableau de bord"
      icon={LayoutDashboard}
      description="La vue d'ensemble réunira les indicateurs de vos sites, caméras, alarmes et agents en temps réel."
    />
  );
}
