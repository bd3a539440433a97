import type { UserRole } from '@vigie/contract/enums';
import {
  BookOpen,
  Building2,
  CalendarDays,
  Camera,
  ChartColumn,
  FileText,
  Fingerprint,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  Map as MapIcon,
  Radio,
  Route,
  Settings,
  Siren,
  Smartphone,
} from 'lucide-react';
import { msg } from '../../lib/i18n/i18n';
import { overviewRequested } from '../guards';

export type NavItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  badge?: string;
  end?: boolean;
  /** Shown only to these roles; every role sees an entry without it. */
  roles?: readonly UserRole[];
  /** Navigation state passed with the link. */
  state?: unknown;
};

// The side menu: the prototype's entries in its order, plus 'Rapports et analyses' — the prototype's page
// had no entry because it was a placeholder; the real reports must be reachable. Reports of both kinds
// are the control room's (agents get 403 from their routes).
// 'Espace agent' (the phone space, their home) and 'Mon service' (clock-in from the phone) are ours,
// for field agents only, first.
export const navItems: readonly NavItem[] = [
  { label: msg('Espace agent'), to: '/agent', icon: Smartphone, roles: ['agent'] },
  { label: msg('Mon service'), to: '/dashboard/service', icon: Fingerprint, roles: ['agent'] },
  // An agent reaching /dashboard otherwise lands on the agent space (see guards.tsx).
  {
    label: msg('Tableau de bord'),
    to: '/dashboard',
    icon: LayoutDashboard,
    end: true,
    state: overviewRequested,
  },
  { label: msg('Sites & Clients'), to: '/dashboard/sites', icon: Building2 },
  { label: msg('Caméras'), to: '/dashboard/cameras', icon: Camera },
  { label: msg('Alarmes'), to: '/dashboard/alarms', icon: Siren },
  // The control room's live map: agents' positions are the control room's only.
  { label: msg('Carte'), to: '/dashboard/map', icon: MapIcon, roles: ['admin', 'operator'] },
  { label: msg('Main courante'), to: '/dashboard/logbook', icon: BookOpen },
  { label: msg('Rondes'), to: '/dashboard/tours', icon: Route, roles: ['admin', 'operator'] },
  // Badges and readers are the control room's: an agent's session gets 403 from every access route.
  { label: msg("Contrôle d'accès"), to: '/dashboard/access', icon: KeyRound, roles: ['admin', 'operator'] },
  { label: msg('Radio POC 4G'), to: '/dashboard/radio', icon: Radio, badge: msg('IA') },
  {
    label: msg('Rapports et analyses'),
    to: '/dashboard/reports',
    icon: ChartColumn,
    roles: ['admin', 'operator'],
  },
  {
    label: msg('Rapports Sécurité'),
    to: '/dashboard/security-reports',
    icon: FileText,
    roles: ['admin', 'operator'],
  },
  { label: msg('Planning Agents'), to: '/dashboard/planning', icon: CalendarDays },
  { label: msg('Paramètres'), to: '/dashboard/settings', icon: Settings },
];

/** The entries a role sees, in the menu's order. */
export function navItemsFor(role: UserRole | undefined): NavItem[] {
  return navItems.filter((item) => !item.roles || (role !== undefined && item.roles.includes(role)));
}
