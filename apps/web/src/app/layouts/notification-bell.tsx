import { Bell, BellOff } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';

// No counter until the alarms module exists: the bell never shows an invented number.
export function NotificationBell() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications">
          <Bell aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <p className="px-2.5 py-2 text-sm font-semibold text-white">Notifications</p>
        <div className="flex flex-col items-center gap-2 px-4 py-6 text-center text-sm text-fg-muted">
          <BellOff aria-hidden="true" className="size-6" />
          Aucune alerte non acquittée
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
