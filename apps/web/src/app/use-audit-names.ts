import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { accessPointsQueryOptions } from '../features/access/api/get-access-points';
import { channelsQueryOptions } from '../features/radio/api/get-channels';
import type { NamedKind, Names } from '../features/settings/components/audit-objects';
import { siteOptionsQueryOptions } from '../features/sites/api/get-site-options';
import { usersQueryOptions } from '../features/users/api/get-users';
import { agentsQueryOptions } from '../lib/agents-api';
import { useSession } from '../lib/session';

type Named = { id: string; name: string };

// One function for every list, so that each query's Map is built once per answer (select memoises
// on the function and the data).
const byId = (items: Named[]): ReadonlyMap<string, string> => new Map(items.map((i) => [i.id, i.name]));

/**
 * The names the audit journal (a settings feature) shows instead of ids, from other features' lists:
 * here, where features meet, and handed to the settings page (app/routes/settings.tsx). The names read from the queries the pickers and the settings'
 * Utilisateurs tab already share (the company's sites, access points, agents, users and radio
 * channels): a list is read only when an entry shown needs it, and never polled from here. The
 * company is the session's. Until a list answers, and for a deleted record, the ids stay.
 */
export function useAuditNames(kinds: ReadonlySet<NamedKind>): Names {
  const { company } = useSession();
  const sites = useQuery({ ...siteOptionsQueryOptions(), select: byId, enabled: kinds.has('site') });
  const points = useQuery({
    ...accessPointsQueryOptions(),
    select: byId,
    enabled: kinds.has('accessPoint'),
  });
  const agents = useQuery({ ...agentsQueryOptions(), select: byId, enabled: kinds.has('agent') });
  const users = useQuery({ ...usersQueryOptions(), select: byId, enabled: kinds.has('user') });
  const channels = useQuery({ ...channelsQueryOptions(false), select: byId, enabled: kinds.has('channel') });
  return useMemo(
    () => ({
      site: sites.data,
      accessPoint: points.data,
      agent: agents.data,
      user: users.data,
      channel: channels.data,
      company: company ? new Map([[company.id, company.name]]) : undefined,
    }),
    [sites.data, points.data, agents.data, users.data, channels.data, company],
  );
}
