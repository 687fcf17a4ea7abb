import type { Context } from 'hono'
import { STEP_UP_MAX_AGE_SECONDS } from '../../src/contract/mfa'
import type { AppEnv, Services } from '../context'
import { HttpError } from '../http/errors'

/**
 * Decisive actions (decision 077) need a fresh check: the token's `auth_time` within the last five
 * minutes by the server's clock. Else 403 `step_up_required` (a 401 would make the console refresh
 * and sign out, decision 012). Called before anything is claimed or written, the Idempotency-Key
 * included: the console repeats the request with the same key after the check.
 */
export function requireFreshCheck(c: Context<AppEnv>, s: Services): void {
  const { authTime } = c.get('claims')
  const age = s.clock.now().getTime() / 1000 - authTime
  if (age <= STEP_UP_MAX_AGE_SECONDS) return
  throw new HttpError(
    403,
    'step_up_required',
    'Confirm it is you to do this: sign-in checks are good for five minutes.',
    undefined,
    {},
    { params: { max_age: STEP_UP_MAX_AGE_SECONDS } },
  )
}
