import { Camera } from 'lucide-react';
import { ModulePlaceholder } from '../../components/module-placeholder';

// Replace with the module's page when it ships.
export function Component() {
  return (
    <ModulePlaceholder
      title="Caméras"
      icon={Camera}
      description="Vous y configurerez vos caméras IP, NVR et DVR et suivrez leur état en direct."
    />
  );
}
