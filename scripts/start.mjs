// `npm start`: the server bundled from the current sources (scripts/build-server.mjs, again only
// when they changed) and run by plain node, with the console built first when its sources changed
// since the last build (scripts/start.ts, scripts/build-if-stale.ts). No TypeScript loader.
import { pathToFileURL } from 'node:url'
import { buildServer, SERVER_DIR } from './build-server.mjs'

await buildServer()
await import(pathToFileURL(`${SERVER_DIR}/start.mjs`).href)
