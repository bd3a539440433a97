// The device simulator of `npm run demo`: while the demo runs, the demo company's own devices talk
// to the app on this machine — alarm panels speak SIA DC-09 to its receiver (panels.ts: link tests
// as heartbeats, now and then an alarm — one soon after start, then a few an hour, as many as the
// seeded history has in a day or so — sometimes followed by its restore, and openings and closings
// by a user; the JSON integrations API when the receiver is off), readers check badges (all day long, less at night), radios report their status and
// transmit, cameras streaming on 127.0.0.1 answer the health probe (one drops now and then), and
// the agents clock in and out of their services with their own accounts (attendance.ts).
// At start, the camera listeners open as soon as the camera list is read, and every panel beats
// and every reader checks a badge at once: the dashboard's health is right from the first minute.
// It uses only the public API and the receiver's port (setup.ts signs in as the demo's owner for its
// keys and the lists); stop() clears every timer, closes the panels' connections, waits for the
// requests under way and closes every socket it opened.
import { DEMO_AGENT_PASSWORD } from '../db/seeds/demo/agents';
import { localHour } from '../db/seeds/demo/context';
import { AttendanceDesk } from './attendance';
import { CameraFarm } from './cameras';
import {
  type Act,
  armOrDisarm,
  beat,
  checkBadge,
  radioStatus,
  radioTalk,
  raiseAlarm,
  readerRound,
} from './devices';
import { DeviceHttp } from './http';
import { PanelFleet } from './panels';
import { prepare, type SimulatorSetup, signIn } from './setup';

type Range = [number, number];
export interface SimulatorIntervals {
  heartbeatMs: number;
  /** Before the first alarm, then between two alarms (of all the panels together). */
  firstAlarmMs: Range;
  alarmMs: Range;
  /** Between an alarm and its restore (when one follows), and between two openings or closings. */
  restoreMs: Range;
  armingMs: Range;
  /** Between two badge checks, in working hours (7 h to 20 h, Monday to Saturday) and outside. */
  badgeDayMs: Range;
  badgeNightMs: Range;
  radioStatusMs: number;
  radioTalkMs: Range;
  /** Between two camera drops, and how long a dropped camera stays away. */
  cameraDropMs: Range;
  cameraDownMs: Range;
  /** Between two passes of the agents' clock-ins. */
  attendanceMs: number;
}

export const DEFAULT_INTERVALS: SimulatorIntervals = {
  heartbeatMs: 30_000,
  firstAlarmMs: [5_000, 15_000],
  // 3 to 6 an hour: the seeded history has 3 to 13 a day, and today's bar of the alarm chart
  // must not dwarf thirty days of it after an hour of demo.
  alarmMs: [10 * 60_000, 20 * 60_000],
  restoreMs: [60_000, 5 * 60_000],
  armingMs: [8 * 60_000, 20 * 60_000],
  badgeDayMs: [4_000, 12_000],
  badgeNightMs: [20_000, 45_000],
  radioStatusMs: 4_000,
  radioTalkMs: [15_000, 40_000],
  cameraDropMs: [6 * 60_000, 12 * 60_000],
  cameraDownMs: [90_000, 3 * 60_000],
  attendanceMs: 60_000,
};

export interface SimulatorOptions {
  /** The running app, e.g. http://127.0.0.1:8080. */
  baseUrl: string;
  /** The demo owner's login: the simulator creates its device keys with it. */
  login: { email: string; password: string };
  log?: (line: string) => void;
  intervals?: Partial<SimulatorIntervals>;
  random?: () => number;
  now?: () => Date;
  /** Open the camera listeners (default true). */
  cameras?: boolean;
  /** Share of radio transmissions that are emergencies (default 1 in 40). */
  emergencyChance?: number;
  /** Clock the agents in and out with their accounts (default true), and their password. */
  attendance?: boolean;
  agentPassword?: string;
  /** Tries of the setup before giving up (default 3). */
  setupAttempts?: number;
}

export interface RunningSimulator {
  setup: SimulatorSetup;
  /** Acts done so far, per kind (tests and the console). */
  counts: Record<string, number>;
  stop(): Promise<void>;
}

const workingHours = (at: Date) => {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'short' }).format(at);
  const hour = localHour(at);
  return day !== 'Sun' && hour >= 7 && hour < 20;
};

export async function startSimulator(opts: SimulatorOptions): Promise<RunningSimulator> {
  const log = opts.log ?? (() => {});
  const random = opts.random ?? Math.random;
  const now = opts.now ?? (() => new Date());
  const iv = { ...DEFAULT_INTERVALS, ...opts.intervals };
  const http = new DeviceHttp(opts.baseUrl);
  const farm = new CameraFarm(log);
  let setup: SimulatorSetup | undefined;
  // A server busy for a while just after start (a seed's first jobs on the embedded database) must
  // not leave the demo without its devices: the setup is tried again (it revokes its own keys).
  for (let attempt = 1; !setup; attempt += 1) {
    try {
      // The cameras answer the health probe from the first round on: their listeners open as soon
      // as the camera list is read, before the keys are made.
      setup = await prepare(
        http,
        await signIn(http, opts.login),
        async (ports) => {
          if (opts.cameras !== false) await farm.open(ports);
        },
        log,
      );
    } catch (err) {
      if (attempt < (opts.setupAttempts ?? 3)) {
        log(`simulateur : préparation interrompue (${(err as Error).message}), nouvel essai`);
        await new Promise((r) => setTimeout(r, 2_000 * attempt));
        continue;
      }
      http.close();
      await farm.close();
      throw err;
    }
  }
  const panels = new PanelFleet(setup.panels, setup.receiver, http, random, now);
  const act: Act = { http, setup, panels, random, now, radioTurn: 0, readerTurn: 0 };
  const between = ([min, max]: Range) => min + Math.floor(random() * (max - min + 1));
  const timers = new Set<NodeJS.Timeout>();
  const inflight = new Set<Promise<void>>();
  const counts: Record<string, number> = {};
  const failures: Record<string, number> = {};
  let stopped = false;

  /** Runs `work` once after `ms`, counted under `name`; then `next` (if any). */
  const once = (name: string, ms: number, work: () => Promise<unknown>, next?: () => void) => {
    // A restore planned by an alarm that ended after stop() is not planned.
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopped) return;
      const run = work()
        .then(() => {
          counts[name] = (counts[name] ?? 0) + 1;
        })
        .catch((err: unknown) => {
          // At stop, the panels' connections close under the frames in flight: not a failure.
          if (stopped) return;
          const n = (failures[name] ?? 0) + 1;
          failures[name] = n;
          // The first failure, then one in twenty: a stopped server must not flood the console.
          if (n === 1 || n % 20 === 0)
            log(`simulateur : ${name} a échoué (${n} fois) : ${(err as Error).message}`);
        })
        .finally(() => {
          inflight.delete(run);
          if (!stopped) next?.();
        });
      inflight.add(run);
    }, ms);
    timers.add(timer);
  };
  /** Runs `work` after `first` ms, then again `delay()` ms after each run ends, until stop(). */
  const every = (name: string, delay: () => number, work: () => Promise<unknown>, first = delay()) => {
    const schedule = (ms: number) => once(name, ms, work, () => schedule(delay()));
    schedule(first);
  };

  every(
    'signal de vie',
    () => iv.heartbeatMs,
    () => beat(act),
    0,
  );
  every(
    'alarme',
    () => between(iv.alarmMs),
    async () => {
      const restore = await raiseAlarm(act);
      // Now and then the detector goes back to normal a little later: « Rétablissement ».
      if (restore) once('rétablissement', between(iv.restoreMs), restore);
    },
    between(iv.firstAlarmMs),
  );
  // Openings and closings go to the sites' main courante; the JSON API has nothing for them.
  if (setup.receiver)
    every(
      'mise en service',
      () => between(iv.armingMs),
      () => armOrDisarm(act),
    );
  // Every reader at once first, then one badge at a time, the readers in turn.
  let readersStarted = false;
  every(
    'badge',
    () => between(workingHours(now()) ? iv.badgeDayMs : iv.badgeNightMs),
    () => {
      if (readersStarted) return checkBadge(act);
      readersStarted = true;
      return readerRound(act);
    },
    0,
  );
  every(
    'état radio',
    () => iv.radioStatusMs,
    () => radioStatus(act),
    500,
  );
  every(
    'communication radio',
    () => between(iv.radioTalkMs),
    () => radioTalk(act, opts.emergencyChance),
    5_000,
  );
  if (opts.attendance !== false) {
    const desk = new AttendanceDesk(
      http,
      setup.agentEmails.map((email) => ({ email, auth: null })),
      opts.agentPassword ?? DEMO_AGENT_PASSWORD,
      new Map(setup.sites.map((s) => [s.id, s])),
      random,
    );
    every(
      'pointage',
      () => iv.attendanceMs,
      () => desk.pass(now()),
      1_000,
    );
  }
  if (opts.cameras !== false && setup.cameraPorts.length > 0) {
    every(
      'caméra',
      () => (farm.down === null ? between(iv.cameraDropMs) : between(iv.cameraDownMs)),
      async () => {
        if (farm.down === null) await farm.drop(random);
        else await farm.restore();
      },
    );
  }

  return {
    setup,
    counts,
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      // The frames waiting for an ACK end at once rather than at their timeout.
      await panels.close();
      await Promise.allSettled([...inflight]);
      await farm.close();
      http.close();
    },
  };
}
