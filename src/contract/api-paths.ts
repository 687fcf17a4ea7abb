// The path prefixes that belong to the API, notifications and upload hosts (SPEC 7). The server
// never answers them with the console's index.html, and the dev server forwards them to the API.
export const apiPrefixes = [
  '/auth/',
  '/org/',
  '/sbm/',
  '/access/',
  '/notify',
  '/upload',
  '/dev/',
  '/health',
] as const
