import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  signInByKeyboard,
  useDarkTheme,
} from './helpers/session'
import { api, tabTo } from './helpers/keyboard'

// The leaver (issue 66, decision 074): "Offboard Clara" from the palette shows what will happen,
// then the report of what remains, with Undo; "E-mail confirmed" cleared and set on the form, and
// the journal says so. Keyboard only; axe in both themes, en and de. Every offboarding here is
// undone, so Clara is as the seed made her for the specs after this one.

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })

interface Listed {
  data: { user_id: number; email: string; first_name: string }[]
}

async function userId(page: Page, search: string) {
  const list = await api<Listed>(page, 'GET', `/org/v1/users?search=${search}`)
  const user = list.data.find((u) => u.first_name === search || u.email === search)
  if (!user) throw new Error(`no user ${search}`)
  return user.user_id
}

interface Keypad {
  device_id: number
  name: string
  manufacturer_id: number
  device_id_manufacturer: string
}

/** A credential of Clara's at the reception keypad with an offline code made there. */
async function claraCode(page: Page, clara: number) {
  const devices = await api<{ data: Keypad[] }>(page, 'GET', '/sbm/v1/devices?search=Keypad')
  const keypad = devices.data.find((d) => d.device_id_manufacturer === 'SN-KP-RECEPTION')
  if (!keypad) throw new Error('no reception keypad')
  const start = new Date(Date.now() - 60_000).toISOString()
  const credential = await api<{ credential_id: number }>(page, 'POST', '/access/v1/credentials', {
    user_id: clara,
    assignment_type: 'device',
    assignment_id: keypad.device_id,
    start_datetime: start,
    permanent: true,
  })
  await api(page, 'POST', `/access/v1/devices/${keypad.device_id}/set/create_pin`, {
    data: {
      start_date: start,
      end_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      manufacturer_id: keypad.manufacturer_id,
      device_id_manufacturer: keypad.device_id_manufacturer,
      credential_id: credential.credential_id,
    },
  })
  return { keypad, credentialId: credential.credential_id }
}

test('"offboard clara" from the palette: what will happen, the report, then Undo', async ({
  page,
}) => {
  await signInByKeyboard(page, demo.admin)
  const clara = await userId(page, 'Clara')
  const { keypad, credentialId } = await claraCode(page, clara)
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type('offboard clara')
  await expect(palette(page).getByText('Searching…')).toBeHidden()
  // Clara under the verb's heading, chosen.
  const verb = palette(page).getByRole('group', { name: 'Offboard user' })
  await expect(verb.locator('[role="option"][aria-selected="true"]')).toContainText('Clara')
  await page.keyboard.press('Enter')

  const confirm = page.getByRole('dialog', { name: /^Offboard Clara .+\?$/ })
  await expect(confirm).toContainText('which you can undo within 10 minutes')
  await expect(confirm).toContainText('The account is disabled and every session of it signed out')
  await expect(confirm).toContainText('Their credentials end now')
  // It takes access away: focus starts on Cancel (decision 034).
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await tabTo(page, confirm.getByRole('button', { name: 'Offboard' }))
  await page.keyboard.press('Enter')

  const report = page.getByRole('dialog', { name: /^Clara .+ offboarded$/ })
  await expect(report).toContainText(/\d+ credentials? ended, 1 group membership ended/)
  await expect(report.getByRole('heading', { name: 'Offline codes that still work' })).toBeVisible()
  await expect(report.getByRole('heading', { name: 'Locks not reached yet' })).toBeVisible()
  await expect(report).toContainText('You can undo this until')
  // Her offline code, with its lock and its end on the lock's clock.
  await expect(report).toContainText(new RegExp(`Valid until .+ on ${keypad.name}`))
  await expectNoSeriousA11yViolations(page)

  const id = clara
  const offboarded = await api<{ disabled: boolean }>(page, 'GET', `/org/v1/users/${id}`)
  expect(offboarded.disabled).toBe(true)

  // "Rotate the lock's offline key": asked first (focus on Cancel), then the code is gone.
  await tabTo(
    page,
    report.getByRole('button', { name: `Rotate the offline key of ${keypad.name}` }),
  )
  await page.keyboard.press('Enter')
  const rotate = page.getByRole('dialog', { name: `Rotate the offline key of ${keypad.name}?` })
  await expect(rotate.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await expectNoSeriousA11yViolations(page)
  await tabTo(page, rotate.getByRole('button', { name: 'Rotate key' }))
  await page.keyboard.press('Enter')
  await expect(rotate).toBeHidden()
  await expect(report).not.toContainText(new RegExp(`Valid until .+ on ${keypad.name}`))

  await tabTo(page, report.getByRole('button', { name: 'Undo offboarding' }))
  await page.keyboard.press('Enter')
  const undone = page.getByRole('dialog', { name: /^Clara .+: offboarding undone$/ })
  await expect(undone).toContainText('is enabled again')
  await expect(undone.getByRole('button', { name: 'Undo offboarding' })).toHaveCount(0)
  await tabTo(page, undone.getByRole('button', { name: 'Close' }))
  await page.keyboard.press('Enter')
  await expect(undone).toBeHidden()
  const back = await api<{ disabled: boolean }>(page, 'GET', `/org/v1/users/${id}`)
  expect(back.disabled).toBe(false)
  // A rotated key stays rotated: the credential is back, without the code.
  const credential = await api<{ meta_data: { command_output: { pin: string | null } } }>(
    page,
    'GET',
    `/access/v1/credentials/${credentialId}`,
  )
  expect(credential.meta_data.command_output.pin).toBeNull()
  await api(page, 'DELETE', `/access/v1/credentials/${credentialId}`)
})

test('e-mail confirmed cleared and set on the form; the page says why reset mail is held', async ({
  page,
}) => {
  await signInByKeyboard(page, demo.admin)
  const id = await userId(page, demo.auditor)
  await page.goto(`/users/edit/${id}`)
  const box = page.getByRole('checkbox', { name: 'E-mail confirmed' })
  await expect(box).toBeChecked()
  await expect(box).toHaveAccessibleDescription(/Clearing it stops password-reset mail/)
  // Past the permissions matrix: many boxes before it.
  await tabTo(page, box, 'Tab', 300)
  await page.keyboard.press('Space')
  await expect(box).not.toBeChecked()
  await tabTo(page, page.getByRole('button', { name: 'Save' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText(/User “.+” saved\./)).toBeVisible()

  await page.goto(`/users/view/${id}`)
  await expect(page.getByText(/No password-reset mail goes to this address/)).toBeVisible()
  const history = page.getByTestId('journal-history')
  await expect(history.getByText(/E-mail confirmed/).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.goto(`/users/edit/${id}`)
  await expect(box).not.toBeChecked()
  await tabTo(page, box, 'Tab', 300)
  await page.keyboard.press('Space')
  await tabTo(page, page.getByRole('button', { name: 'Save' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText(/User “.+” saved\./)).toBeVisible()
  await page.goto(`/users/view/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText(/No password-reset mail goes to this address/)).toHaveCount(0)
  const journal = await api<{ data: { changes: Record<string, unknown> }[] }>(
    page,
    'GET',
    `/org/v1/journal?target_type=user&target_id=${id}&length=2`,
  )
  expect(journal.data.map((row) => row.changes.email_confirmed)).toEqual([
    [false, true],
    [true, false],
  ])
})

const words = {
  en: {
    offboard: 'Offboard…',
    confirm: 'Offboard',
    report: /offboarded$/,
    codes: 'Offline codes that still work',
    undo: 'Undo offboarding',
    undone: /offboarding undone$/,
  },
  de: {
    offboard: 'Austragen…',
    confirm: 'Austragen',
    report: /ausgetragen$/,
    codes: 'Offline-Codes, die noch funktionieren',
    undo: 'Austragen rückgängig machen',
    undone: /Austragen rückgängig gemacht$/,
  },
} as const

for (const language of ['en', 'de'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`axe (${language}, ${theme}): offboarding from the user page, its report and its undo`, async ({
      page,
    }) => {
      allowAxeTime()
      const say = words[language]
      await signIn(page, demo.admin)
      if (theme === 'dark') await useDarkTheme(page)
      if (language === 'de') await page.evaluate(() => localStorage.setItem('lng', 'de'))
      await page.goto(`/users/view/${await userId(page, 'Clara')}`)
      await page.getByRole('button', { name: say.offboard }).click()
      const confirm = page.getByRole('dialog')
      await expect(confirm.getByRole('button', { name: say.confirm, exact: true })).toBeVisible()
      await expectNoSeriousA11yViolations(page)
      await confirm.getByRole('button', { name: say.confirm, exact: true }).click()

      const report = page.getByRole('dialog', { name: say.report })
      await expect(report.getByRole('heading', { name: say.codes })).toBeVisible()
      await expectNoSeriousA11yViolations(page)
      await report.getByRole('button', { name: say.undo }).click()
      await expect(page.getByRole('dialog', { name: say.undone })).toBeVisible()
      await expectNoSeriousA11yViolations(page)
      await page.keyboard.press('Escape')
    })
  }
}
