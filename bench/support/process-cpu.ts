import { readdir, readFile } from 'node:fs/promises';

/** Fields of /proc/<pid>/stat after the command name: [1] is the parent pid, [11..14] utime, stime, cutime, cstime in clock ticks (1/100 s on Linux). */
async function statFields(pid: number | string): Promise<string[] | undefined> {
  try {
    return ((await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1] ?? '').split(' ');
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export async function cpuSeconds(pid: number): Promise<number | undefined> {
  const fields = await statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : undefined;
}

/**
 * CPU seconds of a process and all its children, live or ended (PostgreSQL's
 * postmaster and its backends): the ended ones are in the parent's
 * cutime/cstime, the live ones are read one by one.
 */
export async function processTreeCpuSeconds(pid: number): Promise<number | undefined> {
  const own = await statFields(pid);
  if (!own) return undefined;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = await statFields(entry);
    if (fields && Number(fields[1]) === pid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

/** The parent of `pid` (a PostgreSQL backend's parent is the postmaster). */
export async function parentPid(pid: number): Promise<number | undefined> {
  const fields = await statFields(pid);
  return fields ? Number(fields[1]) : undefined;
}
