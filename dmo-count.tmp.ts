import { doorOverrideAdapter as a } from './tests/model/adapters/door-override'
import { modelPaths } from './tests/model/kit/paths'
import { runEvents, emptyCovered } from './tests/model/kit/run'
import { statesOf, transitionsOf } from './tests/model/kit/graph'
const covered = emptyCovered()
const paths = modelPaths(a as never)
let bad = 0
for (const p of paths) {
  const r = runEvents(a as never, a.inputs![p.input], p.events, covered)
  if (r.violation) { bad++; if (bad < 4) console.log(p.events.map(e => e.type).join(' '), r.violation) }
}
console.log('paths', paths.length, 'bad', bad, 'states', covered.states.size, '/', statesOf(a.machine).length, 'transitions', covered.transitions.size, '/', transitionsOf(a.machine).length)
