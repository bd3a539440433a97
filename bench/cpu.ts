// CPU time from /proc (Linux), to split what a request costs between the server's threads and
// PostgreSQL's processes: bench/request-cost.ts and bench/floor.ts.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU milliseconds (user + system) of a /proc stat line. */
export const cpuMs = (stat: string) => {
  const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};

/** CPU milliseconds of each thread of a process, by thread id. */
export const threadsMs = (pid: number) =>
  new Map(
    readdirSync(`/proc/${pid}/task`).map((t) => [
      t,
      cpuMs(readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8')),
    ]),
  );

/** CPU milliseconds of every PostgreSQL process on the machine. */
export const postgresMs = () => {
  let total = 0;
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${p}/cmdline`, 'utf8').startsWith('postgres'))
        total += cpuMs(readFileSync(`/proc/${p}/stat`, 'utf8'));
    } catch {
      // gone meanwhile
    }
  }
  return total;
};
