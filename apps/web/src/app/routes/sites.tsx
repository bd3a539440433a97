import { Building2 } from 'lucide-react';
import { ModulePlaceholder } from '../../components/module-placeholder';

// Replace with the module's page when it ships.
export function Component() {
  return (
    <ModulePlaceholder
      title="Sites & Clients"
      icon={Building2}
      description="Vous y gérerez vos sites de surveillance, leurs clients et leurs contacts."
    />
  );
}
