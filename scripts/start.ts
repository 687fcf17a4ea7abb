// `npm start` (scripts/start.mjs runs this bundled with the server): the server, with the console
// built first when its sources changed since the last build (scripts/build-if-stale.ts). The build
// runs while the database opens (on a first start, its initdb and migrations), and the server
// listens once the build is done: the console's pages answer while the database opens and a first
// start's seed runs, and everything else waits for them (server/http/pages-first.ts).
import { runMain } from '../server/main'
import { buildIfStale } from './build-if-stale'

runMain(buildIfStale(), { listenFirst: true })
