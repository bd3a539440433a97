import { FileText } from 'lucide-react';
import { ModulePlaceholder } from '../../components/module-placeholder';

// Replace with the module's page when it ships.
export function Component() {
  return (
    <ModulePlaceholder
      title="Rapports Sécurité"
      icon={FileText}
      description="Vous y rédigerez des rapports de sécurité détaillés, signés par le responsable et exportables en PDF, Word et Excel."
    />
  );
}
