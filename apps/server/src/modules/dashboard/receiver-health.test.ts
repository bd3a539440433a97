// System health's « Réception des alarmes » from the DC-09 receiver's and the Sur-Gard input's states.
import { describe, expect, it } from 'vitest';
import type { ReceiverInfo } from '../panels/receiver-state';
import { receiverHealth } from './dashboard.models';

const info = (state: ReceiverInfo['state'], surgardState?: ReceiverInfo['surgardState']): ReceiverInfo => ({
  port: state === 'up' ? 12000 : null,
  state,
  detail: 'détail',
  surgardPort: surgardState === 'up' ? 12001 : null,
  surgardState,
});

describe('system health of the alarm receiver', () => {
  it.each([
    ['up', undefined, 'Actif'],
    ['up', 'off', 'Actif'],
    ['up', 'up', 'Actif'],
    ['up', 'down', 'Dégradé'],
    ['down', 'up', 'Dégradé'],
    ['down', 'down', 'Hors service'],
    ['down', 'off', 'Hors service'],
    ['off', 'up', 'Actif'],
    ['off', 'down', 'Hors service'],
    ['off', 'off', 'Aucune donnée'],
  ] as const)('DC-09 %s and Sur-Gard %s: « %s »', (dc09, surgard, status) => {
    expect(receiverHealth(info(dc09, surgard))).toEqual({
      name: 'Réception des alarmes',
      status,
      uptime: null,
      description: 'détail',
    });
  });
});
