import { ChartColumn } from 'lucide-react';
import { ModulePlaceholder } from '../../components/module-placeholder';

// Replace with the module's page when it ships.
export function Component() {
  return (
    <ModulePlaceholder
      title="Rapports et analyses"
      icon={ChartColumn}
      description="Vous y générerez des rapports PDF et Excel sur les incidents, les accès, les caméras et les alarmes."
    />
  );
}
