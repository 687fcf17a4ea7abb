import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'

// Standard Webhooks signatures (decision 081) by the `standardwebhooks` package: `whsec_` and 24
// random bytes in base64 as the secret; `webhook-signature` is `v1,<base64 HMAC-SHA256 of
// "id.timestamp.body">`, one per secret, space-separated, while a rotation's previous secret
// still signs.

export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`

export interface SignedHeaders {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

/**
 * The headers of one attempt. The timestamp is the wall time of the attempt, which receivers
 * compare with their own clocks to refuse a replay; it is not the server's settable clock.
 */
export function signedHeaders(
  messageId: string,
  body: string,
  secrets: readonly string[],
  at: Date = new Date(),
): SignedHeaders {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets
      .map((secret) => new Webhook(secret).sign(messageId, at, body))
      .join(' '),
  }
}
