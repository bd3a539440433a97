import { CalendarDays } from 'lucide-react';
import { ModulePlaceholder } from '../../components/module-placeholder';

// Replace with the module's page when it ships.
export function Component() {
  return (
    <ModulePlaceholder
      title="Planning Agents"
      icon={CalendarDays}
      description="Vous y planifierez les gardes de vos agents et leurs affectations par site."
    />
  );
}
