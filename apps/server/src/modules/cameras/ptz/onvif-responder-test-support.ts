// A minimal ONVIF PTZ camera for the tests: real HTTP on 127.0.0.1, SOAP 1.2 answers in the shapes
// of the ONVIF device, media and PTZ services (as a Profile S camera sends them), WS-Security
// UsernameToken checked when credentials are set, and every PTZ command recorded for assertions.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ResponderPreset {
  token: string;
  name: string;
}

export interface OnvifResponderOptions {
  /** WS-Security account: every call but GetSystemDateAndTime must carry its UsernameToken. */
  credentials?: { username: string; password: string };
  presets?: ResponderPreset[];
  /** Accepts connections and never answers. */
  silent?: boolean;
  /** An older device: GetServices is not implemented (the client falls back to GetCapabilities). */
  getServices?: boolean;
  /** false: no PTZ service and no PTZ configuration in the profile (a fixed camera). */
  ptz?: boolean;
  /** Where the service addresses (XAddr) point; default this responder. A device may lie. */
  xaddrBase?: string;
}

export type PtzCommand =
  | {
      type: 'ContinuousMove';
      profileToken: string;
      panTilt?: { x: number; y: number };
      zoom?: number;
      timeout?: string;
    }
  | { type: 'Stop'; profileToken: string; panTilt?: string; zoom?: string }
  | { type: 'GotoPreset'; profileToken: string; presetToken: string };

export interface ResponderCall {
  action: string;
  path: string;
  /** A valid UsernameToken came with it. */
  authenticated: boolean;
}

export interface OnvifResponder {
  /** The device service URL, to store as the camera's onvifUrl. */
  url: string;
  port: number;
  calls: ResponderCall[];
  /** ContinuousMove, Stop and GotoPreset received (and accepted), in order. */
  commands: PtzCommand[];
  reset(): void;
  close(): Promise<void>;
}

const PROFILE = 'Profile_1';
const NS =
  'xmlns:SOAP-ENV="http://www.w3.org/2003/05/soap-envelope" xmlns:tds="http://www.onvif.org/ver10/device/wsdl" ' +
  'xmlns:trt="http://www.onvif.org/ver10/media/wsdl" xmlns:tptz="http://www.onvif.org/ver20/ptz/wsdl" ' +
  'xmlns:tt="http://www.onvif.org/ver10/schema" xmlns:ter="http://www.onvif.org/ver10/error"';

const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<SOAP-ENV:Envelope ${NS}><SOAP-ENV:Header/><SOAP-ENV:Body>${body}</SOAP-ENV:Body></SOAP-ENV:Envelope>`;

const fault = (subcodes: string[], reason: string) =>
  envelope(
    '<SOAP-ENV:Fault><SOAP-ENV:Code><SOAP-ENV:Value>SOAP-ENV:Sender</SOAP-ENV:Value>' +
      subcodes.reduceRight(
        (inner, code) =>
          `<SOAP-ENV:Subcode><SOAP-ENV:Value>${code}</SOAP-ENV:Value>${inner}</SOAP-ENV:Subcode>`,
        '',
      ) +
      `</SOAP-ENV:Code><SOAP-ENV:Reason><SOAP-ENV:Text xml:lang="en">${reason}</SOAP-ENV:Text></SOAP-ENV:Reason></SOAP-ENV:Fault>`,
  );

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unxml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The text of the first element named `name` (any prefix). */
const textOf = (body: string, name: string) =>
  new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>([^<]*)</(?:[\\w-]+:)?${name}>`).exec(body)?.[1];
/** The attributes of the first element named `name` (any prefix). */
const attrsOf = (body: string, name: string): Record<string, string> | undefined => {
  const m = new RegExp(`<(?:[\\w-]+:)?${name}\\b([^>]*?)/?>`).exec(body);
  if (!m) return undefined;
  return Object.fromEntries([...(m[1] ?? '').matchAll(/([\w:]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
};

/** WS-Security UsernameToken with PasswordDigest = Base64(SHA-1(nonce + created + password)). */
function validToken(body: string, creds: { username: string; password: string }): boolean {
  const username = textOf(body, 'Username');
  const digest = textOf(body, 'Password');
  const nonce = textOf(body, 'Nonce');
  const created = textOf(body, 'Created');
  if (username === undefined || !digest || !nonce || !created) return false;
  if (unxml(username) !== creds.username) return false;
  // A token of more than five minutes either side is a replay (ONVIF core, WS-Security profile).
  const at = Date.parse(created);
  if (!Number.isFinite(at) || Math.abs(Date.now() - at) > 5 * 60_000) return false;
  const expected = createHash('sha1')
    .update(Buffer.concat([Buffer.from(nonce, 'base64'), Buffer.from(created), Buffer.from(creds.password)]))
    .digest('base64');
  return expected === digest;
}

function dateTime(now = new Date()) {
  return (
    '<tds:GetSystemDateAndTimeResponse><tds:SystemDateAndTime>' +
    '<tt:DateTimeType>NTP</tt:DateTimeType><tt:DaylightSavings>true</tt:DaylightSavings>' +
    '<tt:TimeZone><tt:TZ>CET-1CEST,M3.5.0,M10.5.0/3</tt:TZ></tt:TimeZone>' +
    `<tt:UTCDateTime><tt:Time><tt:Hour>${now.getUTCHours()}</tt:Hour><tt:Minute>${now.getUTCMinutes()}</tt:Minute>` +
    `<tt:Second>${now.getUTCSeconds()}</tt:Second></tt:Time><tt:Date><tt:Year>${now.getUTCFullYear()}</tt:Year>` +
    `<tt:Month>${now.getUTCMonth() + 1}</tt:Month><tt:Day>${now.getUTCDate()}</tt:Day></tt:Date></tt:UTCDateTime>` +
    '</tds:SystemDateAndTime></tds:GetSystemDateAndTimeResponse>'
  );
}

function services(base: string, ptz: boolean) {
  const service = (ns: string, path: string, major: number, minor: number) =>
    `<tds:Service><tds:Namespace>${ns}</tds:Namespace><tds:XAddr>${base}${path}</tds:XAddr>` +
    `<tds:Version><tt:Major>${major}</tt:Major><tt:Minor>${minor}</tt:Minor></tds:Version></tds:Service>`;
  return (
    '<tds:GetServicesResponse>' +
    service('http://www.onvif.org/ver10/device/wsdl', '/onvif/device_service', 2, 60) +
    service('http://www.onvif.org/ver10/media/wsdl', '/onvif/media_service', 2, 60) +
    (ptz ? service('http://www.onvif.org/ver20/ptz/wsdl', '/onvif/ptz_service', 2, 60) : '') +
    '</tds:GetServicesResponse>'
  );
}

function capabilities(base: string, ptz: boolean) {
  return (
    '<tds:GetCapabilitiesResponse><tds:Capabilities>' +
    `<tt:Device><tt:XAddr>${base}/onvif/device_service</tt:XAddr></tt:Device>` +
    `<tt:Media><tt:XAddr>${base}/onvif/media_service</tt:XAddr><tt:StreamingCapabilities>` +
    '<tt:RTPMulticast>false</tt:RTPMulticast><tt:RTP_TCP>true</tt:RTP_TCP><tt:RTP_RTSP_TCP>true</tt:RTP_RTSP_TCP>' +
    '</tt:StreamingCapabilities></tt:Media>' +
    (ptz ? `<tt:PTZ><tt:XAddr>${base}/onvif/ptz_service</tt:XAddr></tt:PTZ>` : '') +
    '</tds:Capabilities></tds:GetCapabilitiesResponse>'
  );
}

function profiles(ptz: boolean) {
  return (
    '<trt:GetProfilesResponse>' +
    `<trt:Profiles token="${PROFILE}" fixed="true"><tt:Name>mainStream</tt:Name>` +
    '<tt:VideoSourceConfiguration token="VideoSourceConfig_1"><tt:Name>VideoSourceConfig</tt:Name>' +
    '<tt:UseCount>2</tt:UseCount><tt:SourceToken>VideoSource_1</tt:SourceToken>' +
    '<tt:Bounds x="0" y="0" width="1920" height="1080"/></tt:VideoSourceConfiguration>' +
    '<tt:VideoEncoderConfiguration token="VideoEncoderConfig_1"><tt:Name>VideoEncoder_1</tt:Name>' +
    '<tt:UseCount>1</tt:UseCount><tt:Encoding>H264</tt:Encoding>' +
    '<tt:Resolution><tt:Width>1920</tt:Width><tt:Height>1080</tt:Height></tt:Resolution><tt:Quality>5</tt:Quality>' +
    '<tt:RateControl><tt:FrameRateLimit>25</tt:FrameRateLimit><tt:EncodingInterval>1</tt:EncodingInterval>' +
    '<tt:BitrateLimit>4096</tt:BitrateLimit></tt:RateControl>' +
    '<tt:H264><tt:GovLength>50</tt:GovLength><tt:H264Profile>Main</tt:H264Profile></tt:H264>' +
    '<tt:SessionTimeout>PT60S</tt:SessionTimeout></tt:VideoEncoderConfiguration>' +
    (ptz
      ? '<tt:PTZConfiguration token="PTZConfig_1"><tt:Name>PTZ</tt:Name><tt:UseCount>1</tt:UseCount>' +
        '<tt:NodeToken>PTZNode_1</tt:NodeToken>' +
        '<tt:DefaultContinuousPanTiltVelocitySpace>http://www.onvif.org/ver10/tptz/PanTiltSpaces/VelocityGenericSpace</tt:DefaultContinuousPanTiltVelocitySpace>' +
        '<tt:DefaultContinuousZoomVelocitySpace>http://www.onvif.org/ver10/tptz/ZoomSpaces/VelocityGenericSpace</tt:DefaultContinuousZoomVelocitySpace>' +
        '<tt:DefaultPTZTimeout>PT5S</tt:DefaultPTZTimeout></tt:PTZConfiguration>'
      : '') +
    '</trt:Profiles></trt:GetProfilesResponse>'
  );
}

const videoSources =
  '<trt:GetVideoSourcesResponse><trt:VideoSources token="VideoSource_1"><tt:Framerate>25</tt:Framerate>' +
  '<tt:Resolution><tt:Width>1920</tt:Width><tt:Height>1080</tt:Height></tt:Resolution></trt:VideoSources>' +
  '</trt:GetVideoSourcesResponse>';

const deviceInformation =
  '<tds:GetDeviceInformationResponse><tds:Manufacturer>Vigie</tds:Manufacturer>' +
  '<tds:Model>Dôme PTZ de test</tds:Model><tds:FirmwareVersion>1.0.0</tds:FirmwareVersion>' +
  '<tds:SerialNumber>VIGIE-PTZ-0001</tds:SerialNumber><tds:HardwareId>1</tds:HardwareId>' +
  '</tds:GetDeviceInformationResponse>';

function presetList(presets: ResponderPreset[]) {
  return (
    '<tptz:GetPresetsResponse>' +
    presets
      .map(
        (p) =>
          `<tptz:Preset token="${xml(p.token)}"><tt:Name>${xml(p.name)}</tt:Name><tt:PTZPosition>` +
          '<tt:PanTilt x="0.25" y="-0.1" space="http://www.onvif.org/ver10/tptz/PanTiltSpaces/PositionGenericSpace"/>' +
          '<tt:Zoom x="0" space="http://www.onvif.org/ver10/tptz/ZoomSpaces/PositionGenericSpace"/>' +
          '</tt:PTZPosition></tptz:Preset>',
      )
      .join('') +
    '</tptz:GetPresetsResponse>'
  );
}

export async function startOnvifResponder(opts: OnvifResponderOptions = {}): Promise<OnvifResponder> {
  const calls: ResponderCall[] = [];
  const commands: PtzCommand[] = [];
  const presets = opts.presets ?? [
    { token: '1', name: 'Entrée' },
    { token: 'Parking_2', name: 'Parking' },
  ];
  const ptz = opts.ptz ?? true;
  let base = '';

  const answer = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(body);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const action = /<(?:[\w-]+:)?Body\b[^>]*>\s*<(?:[\w-]+:)?([A-Za-z]+)/.exec(body)?.[1] ?? '';
    const path = req.url ?? '';
    const authenticated = opts.credentials ? validToken(body, opts.credentials) : false;
    calls.push({ action, path, authenticated });
    if (opts.credentials && action !== 'GetSystemDateAndTime' && !authenticated) {
      return answer(res, 400, fault(['ter:NotAuthorized'], 'Sender not Authorized'));
    }
    const profileToken = textOf(body, 'ProfileToken') ?? '';
    const knownProfile = () => profileToken === PROFILE;
    switch (action) {
      case 'GetSystemDateAndTime':
        return answer(res, 200, envelope(dateTime()));
      case 'GetServices':
        if (opts.getServices === false) break;
        return answer(res, 200, envelope(services(opts.xaddrBase ?? base, ptz)));
      case 'GetCapabilities':
        return answer(res, 200, envelope(capabilities(opts.xaddrBase ?? base, ptz)));
      case 'GetDeviceInformation':
        return answer(res, 200, envelope(deviceInformation));
      case 'GetProfiles':
        return answer(res, 200, envelope(profiles(ptz)));
      case 'GetVideoSources':
        return answer(res, 200, envelope(videoSources));
    }
    if (!ptz || !['GetPresets', 'GotoPreset', 'ContinuousMove', 'Stop'].includes(action)) {
      return answer(res, 400, fault(['ter:ActionNotSupported'], 'Optional Action Not Implemented'));
    }
    if (!knownProfile()) {
      return answer(
        res,
        400,
        fault(['ter:InvalidArgVal', 'ter:NoProfile'], 'The requested profile does not exist'),
      );
    }
    switch (action) {
      case 'GetPresets':
        return answer(res, 200, envelope(presetList(presets)));
      case 'GotoPreset': {
        const presetToken = unxml(textOf(body, 'PresetToken') ?? '');
        if (!presets.some((p) => p.token === presetToken)) {
          return answer(
            res,
            400,
            fault(['ter:InvalidArgVal', 'ter:NoToken'], 'The requested preset token does not exist'),
          );
        }
        commands.push({ type: 'GotoPreset', profileToken, presetToken });
        return answer(res, 200, envelope('<tptz:GotoPresetResponse/>'));
      }
      case 'ContinuousMove': {
        const velocity =
          /<(?:[\w-]+:)?Velocity\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?Velocity>/.exec(body)?.[1] ?? '';
        const panTilt = attrsOf(velocity, 'PanTilt');
        const zoom = attrsOf(velocity, 'Zoom');
        const timeout = textOf(body, 'Timeout');
        commands.push({
          type: 'ContinuousMove',
          profileToken,
          ...(panTilt ? { panTilt: { x: Number(panTilt.x), y: Number(panTilt.y) } } : {}),
          ...(zoom ? { zoom: Number(zoom.x) } : {}),
          ...(timeout ? { timeout } : {}),
        });
        return answer(res, 200, envelope('<tptz:ContinuousMoveResponse/>'));
      }
      default: {
        const panTilt = textOf(body, 'PanTilt');
        const zoom = textOf(body, 'Zoom');
        commands.push({
          type: 'Stop',
          profileToken,
          ...(panTilt ? { panTilt } : {}),
          ...(zoom ? { zoom } : {}),
        });
        return answer(res, 200, envelope('<tptz:StopResponse/>'));
      }
    }
  };

  const server: Server = createServer((req, res) => {
    if (opts.silent) return;
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > 64 * 1024) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (req.method !== 'POST') return void res.writeHead(405).end();
      handle(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}/onvif/device_service`,
    port,
    calls,
    commands,
    reset() {
      calls.length = 0;
      commands.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
