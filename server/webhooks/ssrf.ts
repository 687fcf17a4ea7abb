import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'
import type { WebhookUrlRefusal } from '../../src/contract/webhooks'

// Where a webhook may go (decision 081). Only public unicast addresses, judged by ipaddr.js's
// ranges after the name is resolved: private (10/8, 172.16/12, 192.168/16), link-local (with the
// cloud metadata address 169.254.169.254), CGNAT (100.64/10), unique-local, unspecified, multicast,
// broadcast, reserved and the IPv6 forms that embed an IPv4 address (6to4, Teredo, NAT64) are all
// refused, because an allowlist of one range cannot miss a new one. Loopback (127/8, ::1) only in
// demo mode, where the receivers are on this machine; plain http only to loopback in demo mode.
// The check runs when an endpoint is saved and again at every delivery, and the delivery connects
// to the address checked here, so a name that resolves elsewhere the next time (DNS rebinding)
// gains nothing.

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** A name's addresses; tests inject one that answers what they need. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }))

export interface AddressPolicy {
  /** Demo mode: loopback addresses are allowed, and plain http to them. */
  allowLoopback: boolean
}

/** Why a URL was refused, in the words of the 400 and the attempt log. */
export type Refusal = { reason: WebhookUrlRefusal; message: string }

/** Whether a connection to `address` is allowed. */
export function addressAllowed(address: string, policy: AddressPolicy): boolean {
  if (!ipaddr.isValid(address)) return false
  // process() turns an IPv4-mapped IPv6 address (::ffff:10.0.0.1) into the IPv4 it carries.
  const range = ipaddr.process(address).range()
  return range === 'unicast' || (range === 'loopback' && policy.allowLoopback)
}

const isLoopback = (address: string) =>
  ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback'

/** The URL's host as an address when it is one (`[::1]` → `::1`), else null. */
function literal(hostname: string): ResolvedAddress | null {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname
  if (!ipaddr.isValid(bare)) return null
  return { address: bare, family: ipaddr.parse(bare).kind() === 'ipv6' ? 6 : 4 }
}

/**
 * The address a delivery to `url` connects to, or why none: every address the name resolves to
 * must be allowed (a name answering one public and one private address is refused), and the first
 * is the one used.
 */
export async function checkedAddress(
  url: URL,
  policy: AddressPolicy,
  resolve: Resolver,
): Promise<ResolvedAddress | Refusal> {
  let addresses: ResolvedAddress[]
  const given = literal(url.hostname)
  if (given) addresses = [given]
  else {
    try {
      addresses = await resolve(url.hostname)
    } catch {
      addresses = []
    }
    if (addresses.length === 0)
      return { reason: 'unresolved', message: `${url.hostname} does not resolve.` }
  }
  const refused = addresses.find((a) => !addressAllowed(a.address, policy))
  if (refused)
    return {
      reason: 'address',
      message: `${url.hostname} is ${refused.address}, an address webhooks are not sent to (private, link-local, loopback or reserved).`,
    }
  const [first] = addresses
  if (!first) return { reason: 'unresolved', message: `${url.hostname} does not resolve.` }
  if (
    url.protocol !== 'https:' &&
    !(policy.allowLoopback && addresses.every((a) => isLoopback(a.address)))
  )
    return { reason: 'not_https', message: 'Expected an https URL.' }
  return first
}

export const isRefusal = (value: ResolvedAddress | Refusal): value is Refusal => 'reason' in value
