import { describe, expect, it } from 'vitest';
import { parseSiaData } from './sia-event';

describe('parseSiaData', () => {
  it('reads an event with account, area and zone', () => {
    expect(parseSiaData('#1234|Nri1/BA01')).toEqual({
      ok: true,
      account: '1234',
      events: [{ code: 'BA', zone: '01', area: '1' }],
    });
  });

  it('reads the verified frames’ data', () => {
    expect(parseSiaData('#0000|Nri0/RP0000')).toMatchObject({
      events: [{ code: 'RP', zone: '0000', area: '0' }],
    });
    expect(parseSiaData('#000110|Nri1BA503^Volum.Taverna   Appartam.Giorno ^')).toMatchObject({
      account: '000110',
      events: [{ code: 'BA', zone: '503', area: '1', text: 'Volum.Taverna   Appartam.Giorno' }],
    });
    expect(parseSiaData('#1234|NRR|Atest')).toMatchObject({ events: [{ code: 'RR', text: 'test' }] });
  });

  it('reads data without account, area or separators', () => {
    expect(parseSiaData('NBA01')).toEqual({ ok: true, events: [{ code: 'BA', zone: '01' }] });
    expect(parseSiaData('|Nri1/CL501')).toMatchObject({ events: [{ code: 'CL', zone: '501', area: '1' }] });
    expect(parseSiaData('Nri1/WA000')).toMatchObject({ events: [{ code: 'WA', zone: '000' }] });
    expect(parseSiaData('BA01')).toMatchObject({ events: [{ code: 'BA', zone: '01' }] });
    // N starts the code itself here (NA: no activity), not the function letter.
    expect(parseSiaData('NA01')).toMatchObject({ events: [{ code: 'NA', zone: '01' }] });
  });

  it('reads several events in one block, each with the modifiers before it', () => {
    expect(parseSiaData('#1234|Nri1/BA01/BA02/ri2/FA03')).toMatchObject({
      events: [
        { code: 'BA', zone: '01', area: '1' },
        { code: 'BA', zone: '02', area: '1' },
        { code: 'FA', zone: '03', area: '2' },
      ],
    });
    expect(parseSiaData('Nti10:23/id12/ri3/OP12')).toMatchObject({
      events: [{ code: 'OP', zone: '12', area: '3', user: '12', time: '10:23' }],
    });
    expect(parseSiaData('NBA01|NFA02')).toMatchObject({ events: [{ code: 'BA' }, { code: 'FA' }] });
  });

  it('keeps an unknown but well-formed code, and refuses what is not SIA', () => {
    expect(parseSiaData('NZZ12')).toMatchObject({ ok: true, events: [{ code: 'ZZ', zone: '12' }] });
    expect(parseSiaData('')).toMatchObject({ ok: false });
    expect(parseSiaData('#1234|N')).toMatchObject({ ok: false });
    expect(parseSiaData('1130 01 015')).toMatchObject({ ok: false });
    expect(parseSiaData('N!!')).toMatchObject({ ok: false });
  });
});
