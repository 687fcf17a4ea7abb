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

/** A secret ready to sign with: decoded once, then used for every message of a round. */
export type Signer = Webhook

export const signer = (secret: string): Signer => new Webhook(secret)

/**
 * The headers of one attempt. The timestamp is the wall time of the attempt, which receivers
 * compare with their own clocks to refuse a replay; it is not the server's settable clock.
 */
export function signedHeaders(
  messageId: string,
  body: string,
  signers: readonly Signer[],
  at: Date = new Date(),
): SignedHeaders {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signers.map((s) => s.sign(messageId, at, body)).join(' '),
  }
}
