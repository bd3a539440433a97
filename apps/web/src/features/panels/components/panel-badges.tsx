import { type PanelDto, type PanelLinkState, panelLinkStateLabels } from '@vigie/contract/panels.contract';
import { FlaskConical } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { testBadgeText } from './panel-format';

const linkTones = { unknown: 'neutral', ok: 'success', lost: 'danger' } as const;
const dotColours = { unknown: 'bg-slate-500', ok: 'bg-emerald-400', lost: 'bg-red-400' } as const;

/** « En liaison » green, « Perte de liaison » red, « Jamais entendue » grey. */
export function PanelLinkBadge({ state }: { state: PanelLinkState }) {
  return (
    <Badge tone={linkTones[state]} className="whitespace-nowrap" data-testid="panel-link-state">
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', dotColours[state])} />
      {t(panelLinkStateLabels[state])}
    </Badge>
  );
}

/** « En test jusqu'à 18:30 » while the panel is in test mode; nothing otherwise. */
export function PanelTestBadge({ panel, timezone }: { panel: PanelDto; timezone?: string }) {
  if (!panel.inTest || !panel.testUntil) return null;
  return (
    <Badge tone="warning" className="rounded-lg" data-testid="panel-test">
      <FlaskConical aria-hidden="true" className="size-3" />
      {testBadgeText(panel.testUntil, timezone)}
    </Badge>
  );
}
