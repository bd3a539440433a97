import { Radio } from 'lucide-react';
import { ModulePlaceholder } from '../../components/module-placeholder';

// Replace with the module's page when it ships.
export function Component() {
  return (
    <ModulePlaceholder
      title="Radio POC 4G"
      icon={Radio}
      description="Vous y piloterez vos radios push-to-talk 4G, leurs canaux et les alertes SOS analysées par IA."
    />
  );
}
