// The sign-in's `mfa_token` between the password step and the factor step or the enrolment a
// policy requires: in this tab's memory only, never in storage, so a reload starts the sign-in
// again and no other tab can use it.
let held: string | null = null

export function holdChallenge(token: string): void {
  held = token
}

export function challengeToken(): string | null {
  return held
}

export function dropChallenge(): void {
  held = null
}
