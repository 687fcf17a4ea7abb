// A decisive request answered 403 `step_up_required` (decision 077) waits here while the console
// asks for a fresh check; then it is sent again, once, with the same options (and so the same
// Idempotency-Key). The asking is provided by the step-up host mounted with the signed-in shell
// (src/actions/step-up-host.tsx); without one the 403 is the request's answer.

/** What the host hands back once the fresh tokens are stored: where to report the repeat. */
export type StepUpRun = {
  /** The repeat's answer arrived; `askedAgain` when it was step_up_required once more. */
  settled(askedAgain: boolean): void
}

/** Opens the ask; resolves once the check passed and the new tokens are stored, rejects on cancel. */
export type StepUpAsk = () => Promise<StepUpRun>

let asker: StepUpAsk | null = null
// Requests refused together share one ask: one dialog, one check.
let pending: Promise<StepUpRun> | null = null

export function provideStepUp(ask: StepUpAsk): () => void {
  asker = ask
  return () => {
    if (asker === ask) asker = null
  }
}

/** Whether an answer is the step-up refusal (the body is read from a clone). */
export async function isStepUpRequired(response: Response): Promise<boolean> {
  if (response.status !== 403) return false
  try {
    const body = (await response.clone().json()) as { error?: unknown } | null
    return body?.error === 'step_up_required'
  } catch {
    return false
  }
}

/** The fresh check for a refused request, shared by all refused together; null with no host. */
export function askStepUp(): Promise<StepUpRun> | null {
  if (asker === null) return null
  if (pending) return pending
  const ask = asker()
  pending = ask
  const settle = () => {
    if (pending === ask) pending = null
  }
  ask.then(settle, settle)
  return ask
}
