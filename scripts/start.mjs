// `npm start`: the server bundled from the current sources (scripts/build-server.mjs) and run by
// plain node, with the console built first when its sources changed since the last build
// (scripts/start.ts, scripts/build-if-stale.ts). No TypeScript loader: ≈ 0.7 s less per start.
import { pathToFileURL } from 'node:url'
import { buildServer, SERVER_DIR } from './build-server.mjs'

await buildServer({ main: 'server/main.ts', start: 'scripts/start.ts' })
await import(pathToFileURL(`${SERVER_DIR}/start.mjs`).href)
