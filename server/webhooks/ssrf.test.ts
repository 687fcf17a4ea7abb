import { describe, expect, it } from 'vitest'
import { addressAllowed, checkedAddress, type Resolver } from './ssrf'

// Where a webhook may go (decision 081): public unicast only; loopback only in demo mode, and
// plain http only to loopback there; a name is judged by every address it resolves to.

const demo = { allowLoopback: true }
const production = { allowLoopback: false }

const resolver =
  (answers: Record<string, string[]>): Resolver =>
  (hostname) =>
    Promise.resolve(
      (answers[hostname] ?? []).map((address) => ({
        address,
        family: address.includes(':') ? 6 : 4,
      })),
    )

describe('addressAllowed', () => {
  it.each([
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    '::',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '2002:a00:1::',
    '64:ff9b::a00:1',
  ])('refuses %s, in demo mode too', (address) => {
    expect(addressAllowed(address, demo)).toBe(false)
    expect(addressAllowed(address, production)).toBe(false)
  })

  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])(
    'allows loopback %s only in demo mode',
    (address) => {
      expect(addressAllowed(address, demo)).toBe(true)
      expect(addressAllowed(address, production)).toBe(false)
    },
  )

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111'])('allows public %s', (address) => {
    expect(addressAllowed(address, production)).toBe(true)
  })

  it('refuses what is not an address', () => {
    expect(addressAllowed('example.com', demo)).toBe(false)
  })
})

describe('checkedAddress', () => {
  const names = resolver({
    'public.test': ['93.184.216.34'],
    'private.test': ['10.1.2.3'],
    'mixed.test': ['93.184.216.34', '192.168.0.10'],
    'metadata.test': ['169.254.169.254'],
    localhost: ['127.0.0.1', '::1'],
  })
  const check = (url: string, policy = production) => checkedAddress(new URL(url), policy, names)

  it('answers the address to connect to', async () => {
    expect(await check('https://public.test/hook')).toEqual({ address: '93.184.216.34', family: 4 })
    expect(await check('https://[2606:4700::1111]/hook')).toEqual({
      address: '2606:4700::1111',
      family: 6,
    })
  })

  it('refuses a name that resolves to a private or metadata address, or to one among others', async () => {
    for (const url of ['https://private.test/', 'https://metadata.test/', 'https://mixed.test/'])
      expect(await check(url, demo), url).toMatchObject({ reason: 'address' })
  })

  it('refuses 10.0.0.0/8 and 169.254.169.254 given as addresses', async () => {
    expect(await check('https://10.20.30.40/')).toMatchObject({ reason: 'address' })
    expect(await check('https://169.254.169.254/latest/meta-data/')).toMatchObject({
      reason: 'address',
    })
  })

  it('allows loopback, over http too, in demo mode only', async () => {
    expect(await check('http://127.0.0.1:9720/hook', demo)).toEqual({
      address: '127.0.0.1',
      family: 4,
    })
    expect(await check('http://localhost:9720/hook', demo)).toMatchObject({ address: '127.0.0.1' })
    expect(await check('https://[::1]/hook', demo)).toMatchObject({ address: '::1' })
    expect(await check('http://127.0.0.1:9720/hook')).toMatchObject({ reason: 'address' })
    expect(await check('https://localhost/hook')).toMatchObject({ reason: 'address' })
  })

  it('refuses plain http to anything but loopback', async () => {
    expect(await check('http://public.test/hook', demo)).toMatchObject({ reason: 'not_https' })
  })

  it('refuses a name that does not resolve', async () => {
    expect(await check('https://nowhere.test/')).toMatchObject({ reason: 'unresolved' })
  })
})
