import {
  Building2,
  CalendarDays,
  Camera,
  FileText,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  Radio,
  Settings,
  Siren,
} from 'lucide-react';

export type NavItem = { label: string; to: string; icon: LucideIcon; badge?: string; end?: boolean };

// Spec section 2, side menu: exact entries and order. /dashboard/reports has no entry on purpose.
export const navItems: readonly NavItem[] = [
  { label: 'Tableau de bord', to: '/dashboard', icon: LayoutDashboard, end: true },
  { label: 'Sites & Clients', to: '/dashboard/sites', icon: Building2 },
  { label: 'Caméras', to: '/dashboard/cameras', icon: Camera },
  { label: 'Alarmes', to: '/dashboard/alarms', icon: Siren },
  { label: "Contrôle d'accès", to: '/dashboard/access', icon: KeyRound },
  { label: 'Radio POC 4G', to: '/dashboard/radio', icon: Radio, badge: 'IA' },
  { label: 'Rapports Sécurité', to: '/dashboard/security-reports', icon: FileText },
  { label: 'Planning Agents', to: '/dashboard/planning', icon: CalendarDays },
  { label: 'Paramètres', to: '/dashboard/settings', icon: Settings },
];
