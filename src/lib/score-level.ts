export type ScoreLevel = 'success' | 'gray' | 'warning' | 'danger'

/** Requirements R4.12: ≥70 success, 45–69 gray, 30–44 warning, below 30 danger. */
export function scoreLevel(score: number): ScoreLevel {
  if (score >= 70) return 'success'
  if (score >= 45) return 'gray'
  if (score >= 30) return 'warning'
  return 'danger'
}
