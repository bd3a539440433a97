import { type Site, siteStatusLabels, siteTypeLabels } from '@vigie/contract/sites.contract';
import { Badge } from '../../../components/ui/badge';

export function SiteTypeBadge({ type }: { type: Site['type'] }) {
  return <Badge tone="accent">{siteTypeLabels[type]}</Badge>;
}

export function SiteStatusBadge({ status }: { status: Site['status'] }) {
  return <Badge tone={status === 'active' ? 'success' : 'neutral'}>{siteStatusLabels[status]}</Badge>;
}
