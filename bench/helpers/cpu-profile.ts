import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** What V8 writes for `node --cpu-prof` (the Chrome DevTools CPU profile). */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[]
  samples: number[]
}

/** V8's own entries: not a JavaScript function's time. `(idle)` is the thread waiting. */
const IDLE = '(idle)'

/**
 * The share of a profile's busy samples (every sample but idle ones) whose stack holds a frame
 * from a file `counts` picks: the inclusive time of that code, whatever it called (a log line's
 * `write` included).
 */
export function inclusiveShare(profile: CpuProfile, counts: (url: string) => boolean): number {
  const parent = new Map<number, number>()
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id)
  const counted = new Map<number, boolean>()
  const isCounted = (id: number): boolean => {
    const known = counted.get(id)
    if (known !== undefined) return known
    const node = byId.get(id)
    const up = parent.get(id)
    const answer =
      (node !== undefined && counts(node.callFrame.url)) || (up !== undefined && isCounted(up))
    counted.set(id, answer)
    return answer
  }
  let busy = 0
  let hits = 0
  for (const id of profile.samples) {
    if (byId.get(id)?.callFrame.functionName === IDLE) continue
    busy += 1
    if (isCounted(id)) hits += 1
  }
  return busy === 0 ? 0 : hits / busy
}

/** The one profile `node --cpu-prof --cpu-prof-dir=<dir>` wrote in `dir`. */
export function readProfile(dir: string): CpuProfile {
  const [file] = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))
  if (!file) throw new Error(`no .cpuprofile in ${dir}`)
  return JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile
}
