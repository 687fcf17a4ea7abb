import { DateTime } from 'luxon'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { mailWorkflows, type MailState } from '../../contract/mail-queue'
import { zoneCity } from '../../lib/code-text'

// A queued message in words: why it was written, where it stands, and when. A message is the
// server's, of no place: its times are on the reader's own clock with the zone named, to the
// second, as the webhooks' attempts are (decision 083).

/** "2026-12-03 11:02:15 (Berlin)" on the reader's clock. */
export function mailTime(LL: TranslationFunctions, iso: string, zone: string): string {
  return LL.mailQueue.inZone({
    time: DateTime.fromISO(iso, { zone }).toFormat('yyyy-MM-dd HH:mm:ss'),
    zone: zoneCity(zone),
  })
}

/** "Invitation by e-mail"; a workflow this console does not know is shown as the server wrote it. */
export function workflowText(LL: TranslationFunctions, workflow: string): string {
  const known = mailWorkflows.find((w) => w === workflow)
  return known === undefined ? workflow : LL.mailQueue.workflows[known]()
}

export const mailStateText = (LL: TranslationFunctions, state: MailState) =>
  LL.mailQueue.states[state]()
