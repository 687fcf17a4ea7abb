export type Greeting = 'good_morning' | 'good_afternoon' | 'good_evening' | 'good_night'

/**
 * Requirements R2.13: 05–<12 morning, 12–<17 afternoon, 17–<21 evening, otherwise night (local
 * hour).
 */
export function greetingFor(hour: number): Greeting {
  if (hour >= 5 && hour < 12) return 'good_morning'
  if (hour >= 12 && hour < 17) return 'good_afternoon'
  if (hour >= 17 && hour < 21) return 'good_evening'
  return 'good_night'
}
