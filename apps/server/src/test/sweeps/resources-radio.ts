// Resources of the sweeps: radios, channels, gateway keys, alerts and communications.
import type { Endpoint } from '@vigie/contract/common';
import type { Fixture } from './fixture';
import { type Kind, unique } from './kind';

export const radioKind: Kind = {
  name: 'radio',
  prefix: '/api/radio/radios',
  refFields: ['radioIds', 'radio_id'],
  create: async (f) =>
    (await postFor(f, '/api/radio/radios/', { radioId: sweepImei(), serialNumber: `SN-${unique()}` })).id,
};

export const radioChannelKind: Kind = {
  name: 'radio channel',
  prefix: '/api/radio/channels',
  refFields: ['channelId', 'currentChannelId'],
  create: async (f) =>
    (await postFor(f, '/api/radio/channels/', { name: `Canal ${unique()}`, type: 'team' })).id,
};

export const radioKinds: Kind[] = [
  radioKind,
  radioChannelKind,
  {
    name: 'radio key',
    prefix: '/api/radio/keys',
    refFields: [],
    create: async (f) => (await postFor(f, '/api/radio/keys', { name: `Passerelle ${unique()}` })).id,
  },
  {
    name: 'radio alert',
    prefix: '/api/radio/alerts',
    refFields: [],
    // An SOS of the company's radio raises one.
    create: async (f) => (await postFor(f, '/api/radio/alerts/sos', { radio_id: await f.id(radioKind) })).id,
  },
  {
    name: 'radio communication',
    prefix: '/api/radio/communications',
    refFields: [],
    // A handset's transmission with its audio (a short WAV), through the device API.
    create: async (f) => {
      const radio = await f.app.inject({
        method: 'GET',
        url: `/api/radio/radios/${await f.id(radioKind)}`,
        headers: f.tenant.auth,
      });
      const channel = await f.app.inject({
        method: 'GET',
        url: `/api/radio/channels/${await f.id(radioChannelKind)}`,
        headers: f.tenant.auth,
      });
      const wav = Buffer.alloc(64);
      wav.write('RIFF', 0);
      wav.write('WAVE', 8);
      const res = await f.app.inject({
        method: 'POST',
        url: '/api/radio/device/communications',
        headers: await f.headersFor({
          auth: false,
          apiKey: true,
          path: '/api/radio/device/communications',
        } as Endpoint),
        payload: { imei: radio.json().radioId, channel: channel.json().name, audio: wav.toString('base64') },
      });
      if (res.statusCode !== 201)
        throw new Error(`communication for the sweep: ${res.statusCode} ${res.body}`);
      return (res.json() as { id: string }).id;
    },
  },
];

async function postFor(f: Fixture, url: string, payload: Record<string, unknown>) {
  const res = await f.app.inject({ method: 'POST', url, headers: f.tenant.auth, payload });
  if (res.statusCode !== 201) throw new Error(`${url} for the sweep: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
}

/** A fresh IMEI: 14 digits and their Luhn check digit. */
function sweepImei() {
  const body = `35${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body[13 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}
