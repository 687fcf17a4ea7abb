/** "123456" → "123 456": groups of three read and type back more reliably than six digits. */
export function groupPin(pin: string): string {
  return (pin.match(/.{1,3}/g) ?? []).join(' ')
}
