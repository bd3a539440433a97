import { type Site, siteStatusLabels, siteTypeLabels } from '@vigie/contract/sites.contract';
import { Badge } from '../../../components/ui/badge';
import { t } from '../../../lib/i18n/i18n';

export function SiteTypeBadge({ type }: { type: Site['type'] }) {
  return <Badge tone="accent">{t(siteTypeLabels[type])}</Badge>;
}

export function SiteStatusBadge({ status }: { status: Site['status'] }) {
  return <Badge tone={status === 'active' ? 'success' : 'neutral'}>{t(siteStatusLabels[status])}</Badge>;
}
