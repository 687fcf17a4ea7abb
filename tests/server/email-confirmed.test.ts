import { describe, expect, it } from 'vitest'
import { JournalEntry } from '../../src/contract/journal'
import { listOf } from '../../src/contract/list'
import { User } from '../../src/contract/users'
import { ADMIN, AUDITOR, ORGADMIN, STAFF, shaped, useServer } from './helpers'
import { latestToken, mailsTo } from './security-helpers'

// "E-mail confirmed" and "phone confirmed" set by an admin (issue 66, decision 074): journaled;
// clearing "e-mail confirmed" holds reset mail to the address, and ends the links already sent,
// until an admin confirms it again or an invitation link is followed. The requester's answer is
// the same 202 either way.

const server = useServer()

async function userByEmail(token: string, email: string) {
  const reply = await server().request('GET', `/org/v1/users?search=${email}`, { token })
  const user = shaped(reply.body, listOf(User)).data.find((u) => u.email === email)
  if (!user) throw new Error(`no user ${email}`)
  return user
}

const put = (token: string, id: number, json: Record<string, unknown>) =>
  server().request('PUT', `/org/v1/users/${id}`, { token, json })

const askReset = (email: string) =>
  server().request('POST', '/notify', { json: { workflow: 'reset_password_email', email } })

const resetPassword = (token: string) =>
  server().request('POST', '/org/v1/users/password-reset', {
    json: { token, new_password: 'A-New-Password-9' },
  })

describe('e-mail and phone confirmed, set by an admin', () => {
  it('journals both flags; clearing e-mail confirmed holds reset mail until set again', async () => {
    const admin = await server().login(ADMIN)
    const auditor = await userByEmail(admin, AUDITOR)
    expect(auditor.email_confirmed).toBe(true)
    expect((await askReset(AUDITOR)).status).toBe(202)
    const sentBefore = await latestToken(server(), AUDITOR)
    const mails = (await mailsTo(server(), AUDITOR)).length

    const cleared = await put(admin, auditor.user_id, {
      email_confirmed: false,
      phone_confirmed: true,
    })
    expect(cleared.status).toBe(200)
    const withdrawn = shaped(cleared.body, User)
    expect(withdrawn).toMatchObject({ email_confirmed: false, phone_confirmed: true })
    expect(withdrawn.email_withdrawn_at).not.toBeNull()

    const journal = await server().request(
      'GET',
      `/org/v1/journal?target_type=user&target_id=${auditor.user_id}&length=5`,
      { token: admin },
    )
    const [row] = shaped(journal.body, listOf(JournalEntry)).data
    expect(row?.changes).toEqual({ email_confirmed: [true, false], phone_confirmed: [false, true] })

    // Same answer to the requester, no mail, and the link sent before no longer works.
    const held = await askReset(AUDITOR)
    expect(held.status).toBe(202)
    expect(held.body).toEqual({ status: 'accepted' })
    expect(await mailsTo(server(), AUDITOR)).toHaveLength(mails)
    expect((await resetPassword(sentBefore)).status).toBe(400)

    // An edit of another field keeps it withdrawn.
    const edited = await put(admin, auditor.user_id, { notes: 'Address reported compromised' })
    expect(shaped(edited.body, User).email_withdrawn_at).toBe(withdrawn.email_withdrawn_at)
    await askReset(AUDITOR)
    expect(await mailsTo(server(), AUDITOR)).toHaveLength(mails)

    // Confirmed again by an admin: reset mail goes out again.
    const confirmed = shaped(
      (await put(admin, auditor.user_id, { email_confirmed: true })).body,
      User,
    )
    expect(confirmed).toMatchObject({ email_confirmed: true, email_withdrawn_at: null })
    await askReset(AUDITOR)
    expect(await mailsTo(server(), AUDITOR)).toHaveLength(mails + 1)
  })

  it('confirms a withdrawn address again when an invitation link is followed', async () => {
    const admin = await server().login(ADMIN)
    const staff = await userByEmail(admin, STAFF)
    expect((await put(admin, staff.user_id, { email_confirmed: false })).status).toBe(200)
    const invite = { workflow: 'first_password_email', user_id: staff.user_id }
    expect((await server().request('POST', '/notify', { token: admin, json: invite })).status).toBe(
      202,
    )
    expect((await resetPassword(await latestToken(server(), STAFF))).status).toBe(200)
    const after = await userByEmail(admin, STAFF)
    expect(after).toMatchObject({ email_confirmed: true, email_withdrawn_at: null })
    const mails = (await mailsTo(server(), STAFF)).length
    await askReset(STAFF)
    expect(await mailsTo(server(), STAFF)).toHaveLength(mails + 1)
  })

  it('lets an org admin set the flags in their organization; staff may not', async () => {
    const orgadmin = await server().login(ORGADMIN)
    const staffToken = await server().login(STAFF, 'A-New-Password-9')
    const auditor = await userByEmail(orgadmin, AUDITOR)
    expect((await put(orgadmin, auditor.user_id, { phone_confirmed: false })).status).toBe(200)
    expect((await put(staffToken, auditor.user_id, { email_confirmed: false })).status).toBe(403)
    const bad = await put(orgadmin, auditor.user_id, { email_confirmed: 'yes' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ field: 'email_confirmed' })
  })
})
