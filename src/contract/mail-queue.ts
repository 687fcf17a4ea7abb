import { Id, IsoDateTime } from './fields'
import { listQuery } from './list'
import {
  assign,
  boolean,
  enums,
  integer,
  nullable,
  object,
  optional,
  string,
  type Infer,
} from './struct'

// The mail queue for operators (decision 087): the outbox rows of decision 084, read-only but for
// "Send again" of a failed one. The paths are in api-paths.ts (MAIL_QUEUE_PATH and the helper
// beside it). Never the body or the link: an invitation's or a reset's carries a secret.

/** What made the message: a password reset, an invitation by e-mail or text, an incident. */
export const mailWorkflows = [
  'reset_password_email',
  'first_password_email',
  'first_password_sms',
  'incident_email',
] as const
export type MailWorkflow = (typeof mailWorkflows)[number]

/**
 * Where a message stands (outbox.delivery): waiting for the mail job, taken by the mail server,
 * refused for good or its retries spent, kept in the demo mailbox, or not sent as no mail server
 * is set.
 */
export const mailStates = ['pending', 'sent', 'failed', 'mailbox', 'off'] as const
export const MailState = enums(mailStates)
export type MailState = Infer<typeof MailState>

export const MailMessage = object({
  message_id: Id,
  created_at: IsoDateTime,
  /** A workflow this console does not know yet is passed on as written. */
  workflow: string(),
  channel: string(),
  recipient: string(),
  subject: string(),
  state: MailState,
  attempts: integer(),
  /** While waiting after a failed attempt: when the next is due. */
  next_attempt_at: nullable(IsoDateTime),
  /** The mail server's last refusal or the connection's error; '' when none. */
  last_error: string(),
  settled_at: nullable(IsoDateTime),
  /**
   * Whether "Send again" can carry it: a failed message whose body held its link lost both when
   * it failed (decision 084), and an empty message would reach the person instead.
   */
  resendable: boolean(),
})
export type MailMessage = Infer<typeof MailMessage>

export const mailSortKeys = ['created_at'] as const
export const MailQueueQuery = assign(
  listQuery(mailSortKeys, 'created_at', 'desc'),
  object({
    /** Only the messages that stand so. */
    state: optional(MailState),
  }),
)
export type MailQueueQuery = Infer<typeof MailQueueQuery>

/** Why "Send again" was refused (409 on `state`, in `params.why`). */
export const mailResendRefusals = ['not_failed', 'link_gone'] as const
export type MailResendRefusal = (typeof mailResendRefusals)[number]
