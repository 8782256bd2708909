import { readFile } from 'node:fs/promises';

/** CPU seconds (user + system) a process has used so far, from /proc (Linux; clock ticks are 1/100 s there). */
export async function cpuSeconds(pid: number): Promise<number | undefined> {
  try {
    const fields = ((await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1] ?? '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}
