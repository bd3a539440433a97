import { Siren } from 'lucide-react';
import { ModulePlaceholder } from '../../components/module-placeholder';

// Replace with the module's page when it ships.
export function Component() {
  return (
    <ModulePlaceholder
      title="Alarmes"
      icon={Siren}
      description="Vous y suivrez, affecterez et résoudrez les alarmes intrusion, incendie, panique et techniques."
    />
  );
}
