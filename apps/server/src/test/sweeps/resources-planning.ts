// Resources of the sweeps: agents and their shifts.
import { type Kind, unique } from './kind';
import { siteKind } from './resources-core';

/** An agent who may work: a valid CNAPS card far ahead. */
const agentBody = (u: string) => ({
  name: `Agent ${u}`,
  badge: `B-${u}`,
  phone: '0612345678',
  email: `agent-${u}@exemple.fr`,
  speciality: 'Surveillance',
  level: 'junior',
  hireDate: '2024-01-15',
  cnapsNumber: 'CAR-075-2035-03-14-20190123456',
  cnapsExpiresOn: '2035-03-14',
});

export const agentKind: Kind = {
  name: 'agent',
  prefix: '/api/agents',
  refFields: ['agentId', 'agentIds'],
  body: (u) => agentBody(u),
};

export const planningKinds: Kind[] = [
  agentKind,
  {
    name: 'shift',
    prefix: '/api/shifts',
    refFields: ['shiftId'],
    // Its own agent, with a valid CNAPS card: the shared agent fixture may have been legitimately
    // changed by the sweeps (an empty card number clears the card). The shift is far ahead of any
    // other, so that no working-time rule refuses it.
    create: async (f) => {
      const post = async (url: string, payload: Record<string, unknown>) => {
        const res = await f.app.inject({ method: 'POST', url, headers: f.tenant.auth, payload });
        if (res.statusCode !== 201) throw new Error(`${url} for the sweep: ${res.statusCode} ${res.body}`);
        return (res.json() as { id: string }).id;
      };
      const agentId = await post('/api/agents', agentBody(unique()));
      return post('/api/shifts', {
        agentId,
        siteId: await f.id(siteKind),
        date: '2030-06-15',
        startTime: '08:00',
        endTime: '17:00',
        breakStart: '12:00',
        breakEnd: '13:00',
        shiftType: 'custom',
      });
    },
  },
];
