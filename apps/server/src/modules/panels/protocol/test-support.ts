// Frames verified against the CRC and length that real panels and open-source receivers print
// (issue 32), shared by the protocol's tests.
export const verifiedFrames = [
  { body: '"SIA-DCS"0001L0#1234[]', crc: '96ED', length: '0016' },
  { body: '"SIA-DCS"0001RF3L77#1234[#1234|NRR|Atest]', crc: 'F4D2', length: '0029' },
  { body: '"SIA-DCS"1667L0#0000[#0000|Nri0/RP0000]_12:44:06,12-22-2021', crc: 'F2EA', length: '003B' },
  {
    body: '"SIA-DCS"1783L0#000110[#000110|Nri1BA503^Volum.Taverna   Appartam.Giorno ^]_11:49:27,01-20-2022',
    crc: '01CD',
    length: '005F',
  },
] as const;

/** A whole frame as it travels: LF, CRC, length, body, CR. */
export function rawFrame(crc: string, length: string, body: string): Buffer {
  return Buffer.from(`\n${crc}${length}${body}\r`, 'latin1');
}

/**
 * An encrypted NULL frame from pysiaalarm's tests (key `AAAAAAAAAAAAAAAA`), whose plaintext is
 * `ppppppppppp]_18:24:52,07-05-2020`: padding without `|`.
 */
export const pysiaEncryptedNull = {
  frame: '\n76D80055"*NULL"0000R0L0#AAAB[B4BC8B40D0E6D959D6BEA78E88CC0B2155741A3C44FBB96D476A3E557CAD64D9\r',
  key: 'AAAAAAAAAAAAAAAA',
};
