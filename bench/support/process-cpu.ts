/**
 * CPU time of processes, read from /proc (Linux, stat(5)): what a bench's work cost in CPU,
 * beside how long it took, when the server, the database and the client share the cores.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports CPU times in clock ticks of USER_HZ, 100 per second. */
const MS_PER_TICK = 10;

/** stat's fields from `state` (field 3) on; undefined once the process is gone. */
function statFields(pid: number): string[] | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may itself hold spaces and parentheses.
  return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
}

/** utime and stime (fields 14 and 15): the process's own CPU time. */
const OWN = [11, 12];
/** cutime and cstime (fields 16 and 17): its children's, once it has waited for them. */
const REAPED_CHILDREN = [13, 14];

const sumMs = (fields: readonly string[], indexes: readonly number[]) =>
  indexes.reduce((sum, index) => sum + Number(fields[index] ?? 0), 0) * MS_PER_TICK;

/** The CPU time of `pid` so far, in ms; 0 once it is gone. */
export function cpuMs(pid: number): number {
  return sumMs(statFields(pid) ?? [], OWN);
}

/** The parent of `pid` (field 4). */
export function parentOf(pid: number): number {
  const parent = Number(statFields(pid)?.[1]);
  if (!Number.isInteger(parent)) throw new Error(`no process ${pid}`);
  return parent;
}

/**
 * The CPU time of `pid` and of all its children, living or exited, in ms: PostgreSQL's
 * postmaster and its backends. Counting the exited ones in the parent's reaped-children times
 * makes a difference of two readings include a backend that ended between them.
 */
export function treeCpuMs(pid: number): number {
  const fields = statFields(pid);
  if (fields === undefined) throw new Error(`no process ${pid}`);
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => statFields(Number(name)))
    .filter((child) => child?.[1] === String(pid));
  return children.reduce(
    (sum, child) => sum + sumMs(child ?? [], OWN),
    sumMs(fields, [...OWN, ...REAPED_CHILDREN]),
  );
}
