// Processes from /proc (Linux): the table of running processes with their CPU time and memory, and
// a process's descendants — what the video benches group their CPU by (server, its ffmpeg, the test
// cameras, Chromium).
import { readdirSync, readFileSync } from 'node:fs';
import { cpuMs } from './cpu';

export interface Proc {
  pid: number;
  ppid: number;
  comm: string;
  /** CPU seconds so far (utime + stime: the process's own threads, not its waited-for children). */
  cpu: number;
  rssMb: number;
}

export function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return {
      pid,
      ppid: Number(fields[1]),
      comm: stat.slice(stat.indexOf('(') + 1, close),
      cpu: cpuMs(stat) / 1000,
      rssMb: (Number(fields[21]) * 4096) / 1024 / 1024,
    };
  } catch {
    // Gone meanwhile.
    return null;
  }
}

/** Every process now, by pid. */
export function processTable() {
  const table = new Map<number, Proc>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const p = readProc(Number(d));
    if (p) table.set(p.pid, p);
  }
  return table;
}

/** The pids below `root` in `table`, at any depth. */
export function descendants(table: Map<number, Proc>, root: number) {
  const out = new Set<number>();
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop() as number;
    for (const p of table.values())
      if (p.ppid === pid && !out.has(p.pid)) {
        out.add(p.pid);
        todo.push(p.pid);
      }
  }
  return out;
}

/** A process's command line ('' once gone). */
export function cmdline(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}
