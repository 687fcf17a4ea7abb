import {
  dynamic,
  enums,
  integer,
  literal,
  nullable,
  object,
  string,
  type Infer,
  type Struct,
} from './struct'
import { Email, Id, IsoDateTime } from './fields'

export const ResetPasswordNotify = object({
  workflow: literal('reset_password_email'),
  email: Email,
})
export type ResetPasswordNotify = Infer<typeof ResetPasswordNotify>

export const inviteWorkflows = ['first_password_email', 'first_password_sms'] as const
export const InviteNotify = object({
  workflow: enums(inviteWorkflows),
  user_id: Id,
})
export type InviteNotify = Infer<typeof InviteNotify>

export type NotifyRequest = ResetPasswordNotify | InviteNotify

// Chosen by `workflow` so an error names the real culprit field instead of "no union member matched".
export const NotifyRequest: Struct<NotifyRequest, null> = dynamic<NotifyRequest>((value) =>
  typeof value === 'object' &&
  value !== null &&
  (value as { workflow?: unknown }).workflow === 'reset_password_email'
    ? (ResetPasswordNotify as Struct<NotifyRequest>)
    : (InviteNotify as Struct<NotifyRequest>),
)

/** The same answer whether or not the email exists, so /notify reveals no accounts. */
export const NotifyAccepted = object({ status: literal('accepted') })
export type NotifyAccepted = Infer<typeof NotifyAccepted>

export const workflows = ['reset_password_email', ...inviteWorkflows] as const

/** GET /dev/outbox (demo mode): what the notifications service would have sent. */
export const OutboxMessage = object({
  message_id: Id,
  created_at: IsoDateTime,
  workflow: enums(workflows),
  channel: enums(['email', 'sms']),
  recipient: string(),
  subject: string(),
  body: string(),
  /** Path of the reset/invite link, e.g. /password-reset?token=… */
  link: nullable(string()),
  user_id: nullable(integer()),
})
export type OutboxMessage = Infer<typeof OutboxMessage>
