// `npm start` (scripts/start.mjs runs this bundled with the server): the server, with the console
// built first when its sources changed since the last build (scripts/build-if-stale.ts). The build
// runs while the database opens (on a first start, its initdb and migrations), and the server
// listens once both are done; a first start's seed goes on while it serves the console's pages.
import { runMain } from '../server/main'
import { buildIfStale } from './build-if-stale'

runMain(buildIfStale(), { seedWhileListening: true })
