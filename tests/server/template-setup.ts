import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildServer } from '../../scripts/build-server.mjs'
import { adminQuery } from './database-template'

/**
 * Vitest's global setup: the server's bundle made from the sources as they are, for the tests that
 * start servers (process-helpers.ts); and a directory for this run's database templates
 * (database-template.ts), removed with the PostgreSQL template database, if one was made, when the
 * run ends.
 */
export default async function setup(project: TestProject) {
  await buildServer()
  const dir = await mkdtemp(join(tmpdir(), 'access-test-templates-'))
  project.provide('templateRunDir', dir)
  return async () => {
    const admin = process.env.TEST_DATABASE_URL
    const name = await readFile(join(dir, 'postgres-template'), 'utf8').catch(() => null)
    if (admin && name) await adminQuery(admin, `drop database if exists ${name} with (force)`)
    await rm(dir, { recursive: true, force: true })
  }
}
