import { expect, test } from './helpers/test'
import { createEnrollee } from './helpers/mfa'
import { demo, expectNoSeriousA11yViolations, sidebar, signIn } from './helpers/session'

// Your sessions (issue 67): each browser is a refresh-token family; "End all others" in one ends
// the rest, and the other browser is signed out at its next request's refresh.

test('"End all others" in one browser signs out a second browser at its next refresh', async ({
  browser,
  request,
}) => {
  const person = await createEnrollee(request, `sess${Date.now() % 1_000_000}`)
  const laptop = await browser.newContext()
  const phone = await browser.newContext()
  const here = await laptop.newPage()
  const there = await phone.newPage()
  await signIn(there, person.email, { password: person.password })
  await signIn(here, person.email, { password: person.password })

  await here.goto('/account')
  const sessions = here.getByTestId('sessions').getByRole('listitem')
  // The two browsers, and the session the password-reset link opened (createEnrollee).
  await expect(sessions).toHaveCount(3)
  const current = sessions.filter({ hasText: 'this session' })
  await expect(current).toHaveCount(1)
  await expect(current).toContainText('Chrom')
  await expectNoSeriousA11yViolations(here)

  // Keyboard only: to the button, Enter.
  const endOthers = here.getByRole('button', { name: 'End all others' })
  await endOthers.focus()
  await here.keyboard.press('Enter')
  await expect(here.getByText('2 other sessions ended.')).toBeVisible()
  await expect(sessions).toHaveCount(1)

  // The other browser's next request: its access token is refused (the session is gone), the
  // refresh is refused too, and it is back at the sign-in with the reason.
  await there.goto('/users')
  await expect(there.getByText('Your session has ended. Please sign in again.')).toBeVisible()
  await expect(sidebar(there)).toBeHidden()
  // This browser is still signed in.
  await here.reload()
  await expect(sidebar(here)).toBeVisible()
  await laptop.close()
  await phone.close()
})

test('an admin ends a person’s session from their page: that browser is signed out at its next request', async ({
  browser,
  page,
}) => {
  const person = await createEnrollee(page.request, `lost${Date.now() % 1_000_000}`)
  const laptop = await browser.newContext()
  const lost = await laptop.newPage()
  await signIn(lost, person.email, { password: person.password })

  await signIn(page, demo.admin, { at: `/users?q=${encodeURIComponent(person.email)}` })
  await page
    .getByRole('grid', { name: 'Users' })
    .getByRole('link', { name: /Fay Factor/ })
    .click()
  const section = page.getByRole('region', { name: 'Sessions of Fay Factor' })
  const sessions = section.getByRole('listitem')
  // The laptop, and the session the password-reset link opened (createEnrollee).
  await expect(sessions).toHaveCount(2)
  await expect(section.getByText('this session')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  // Keyboard only: to the first End, Enter.
  await section
    .getByRole('button', { name: /^End the session of / })
    .first()
    .focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('The session was ended.')).toBeVisible()
  await expect(sessions).toHaveCount(1)
  await section.getByRole('button', { name: /^End the session of / }).focus()
  await page.keyboard.press('Enter')
  await expect(section.getByText('Not signed in anywhere.')).toBeVisible()

  await lost.goto('/users')
  await expect(lost.getByText('Your session has ended. Please sign in again.')).toBeVisible()
  await laptop.close()
})
