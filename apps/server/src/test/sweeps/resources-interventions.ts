// Resources of the sweeps for the interventions: one proposed to an agent on duty (an agent's
// account, its record, a shift around now and its clock-in), on that agent's site. The positions and
// the consent (/api/agent/…) take no path parameter: the sweeps exercise them as they stand.
import { agentOnDuty, propose } from '../../modules/interventions/test-support';
import type { Kind } from './kind';

export const interventionKind: Kind = {
  name: 'intervention',
  prefix: '/api/interventions',
  refFields: ['interventionId'],
  create: async (f) => {
    const d = await agentOnDuty(f.app, f.tenant);
    return (await propose(f.app, f.tenant, { siteId: d.site.id, agentId: d.agent.id })).id;
  },
};

export const interventionKinds: Kind[] = [interventionKind];
