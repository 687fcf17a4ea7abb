import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'

// The API, notifications and upload paths the dev server forwards to the reference server.
const apiPaths = ['/auth', '/org', '/sbm', '/access', '/notify', '/upload', '/uploads', '/dev']
const apiTarget = `http://localhost:${process.env.API_PORT ?? '8080'}`

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPaths.map((path) => [path, apiTarget])),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'machines/**/*.test.ts',
      'i18n/**/*.test.ts',
      'server/**/*.test.ts',
      'tests/model/**/*.test.ts',
      'tests/server/**/*.test.ts',
      'tests/architecture/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
