import { MAIL_QUEUE_PATH, mailResendPath } from '../contract/api-paths'
import { listOf, type ListQuery, type ListSource } from '../contract/list'
import { MailMessage, type mailSortKeys } from '../contract/mail-queue'
import { apiRequest } from './client'
import { resourceKeys } from './queries'

export type MailSort = (typeof mailSortKeys)[number]

const MailPage = listOf(MailMessage)

export const mailKeys = resourceKeys<MailSort>('mail-queue')

export function fetchMailPage(query: ListQuery<MailSort>, signal?: AbortSignal) {
  return apiRequest(MailPage, { path: MAIL_QUEUE_PATH, query, signal })
}

/** "Send again": a failed message goes back to waiting; the answer is the row as it now stands. */
export function resendMail(id: number) {
  return apiRequest(MailMessage, { method: 'POST', path: mailResendPath(id) })
}

export const mailList: ListSource<MailMessage, MailSort> = {
  queryKey: mailKeys.list,
  fetch: fetchMailPage,
}
