import { KeyRound } from 'lucide-react';
import { ModulePlaceholder } from '../../components/module-placeholder';

// Replace with the module's page when it ships.
export function Component() {
  return (
    <ModulePlaceholder
      title="Contrôle d'accès"
      icon={KeyRound}
      description="Vous y gérerez les badges QR code et NFC et consulterez le journal des accès."
    />
  );
}
