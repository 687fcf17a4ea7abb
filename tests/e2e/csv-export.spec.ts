import type { Download, Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { parse } from 'csv-parse/sync'
import { readFile } from 'node:fs/promises'
import { demo, expectNoSeriousA11yViolations, signIn } from './helpers/session'

// Export CSV of the list on screen: the audit log filtered by "failure", by the palette and by the
// page's button, against the real server; the file holds the rows the screen shows.

const grid = (page: Page) => page.getByRole('grid', { name: 'Device audit log' })
const loadedRows = (page: Page) => grid(page).locator('[data-row-index]:not([aria-busy])')
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })

async function records(download: Download): Promise<string[][]> {
  const path = await download.path()
  return parse(await readFile(path), { bom: true })
}

test('the audit log filtered by "failure" exports the rows the screen shows', async ({ page }) => {
  await signIn(page, demo.admin, { at: '/audits?q=failure' })
  await expect(loadedRows(page).first()).toBeVisible()
  const count = page.getByRole('status').filter({ hasText: /match/ })
  const matches = Number((await count.textContent())?.replace(/\D/g, ''))
  expect(matches).toBeGreaterThan(0)
  const shown = await loadedRows(page).locator('[role="gridcell"]:nth-child(2)').allTextContents()

  // By keyboard: the palette's "Export audit log as CSV".
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type('export')
  const command = palette(page).getByRole('option', { name: /Export audit log as CSV/ })
  await expect(command).toHaveAttribute('aria-selected', 'true')
  const downloading = page.waitForEvent('download')
  await page.keyboard.press('Enter')
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{8}-\d{6}\.csv$/)
  const file = await records(download)
  expect(file[0]).toEqual([
    'Entry ID',
    'When',
    'Device ID',
    'Device',
    'Action',
    'Result',
    'User ID',
    'Actor',
    'Detail',
    'Organization ID',
  ])
  const rows = file.slice(1)
  expect(rows).toHaveLength(matches)
  expect(new Set(rows.map((row) => row[5]))).toEqual(new Set(['Failure']))
  expect(rows.slice(0, shown.length).map((row) => row[3])).toEqual(shown)
  const status = page.locator('[data-export-status="done"]')
  await expect(status).toHaveText(
    `${matches.toLocaleString('en')} rows saved as ${download.suggestedFilename()}.`,
  )
  // Focus comes back to the export button, never to the page's body.
  await expect(page.getByRole('button', { name: 'Export audit log as CSV' })).toBeFocused()
  await expectNoSeriousA11yViolations(page)
})

test('the page’s button exports in German with German headers', async ({ page }) => {
  await signIn(page, demo.admin, { at: '/organizations?lng=de' })
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Organisationen als CSV exportieren' }).click()
  const file = await records(await downloading)
  expect(file[0]).toEqual(['Organisations-ID', 'Name', 'Beschreibung', 'Clients', 'Erstellt'])
  expect(file.length).toBeGreaterThan(1)
})

test('in German by keyboard: the palette exports the audit log with German words', async ({
  page,
}) => {
  await signIn(page, demo.admin, { at: '/audits?q=failure&lng=de' })
  const german = page.getByRole('grid', { name: 'Geräte-Audit-Log' })
  await expect(german.locator('[data-row-index]:not([aria-busy])').first()).toBeVisible()
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type('export')
  const palette = page.getByRole('dialog', { name: 'Befehlspalette' })
  const command = palette.getByRole('option', { name: /Audit-Log als CSV exportieren/ })
  await expect(command).toHaveAttribute('aria-selected', 'true')
  const downloading = page.waitForEvent('download')
  await page.keyboard.press('Enter')
  const file = await records(await downloading)
  expect(file[0]?.slice(0, 6)).toEqual([
    'Eintrags-ID',
    'Zeitpunkt',
    'Geräte-ID',
    'Gerät',
    'Aktion',
    'Ergebnis',
  ])
  expect(new Set(file.slice(1).map((row) => row[5]))).toEqual(new Set(['Fehlgeschlagen']))
  await expectNoSeriousA11yViolations(page)
})
