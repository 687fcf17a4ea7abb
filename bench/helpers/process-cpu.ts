import { readFileSync } from 'node:fs'

// Clock ticks per second of /proc's CPU times: 100 on every Linux this project runs on (getconf
// CLK_TCK); Node has no call for it.
const TICKS_PER_SECOND = 100

/**
 * CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat; null where there is
 * no /proc. On a host shared with other work, the CPU a request costs holds still while its latency
 * and throughput follow the neighbours' load.
 */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces) in parentheses; utime and stime are
    // the 14th and 15th fields of the line, the 12th and 13th after the name.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
  } catch {
    return null
  }
}
