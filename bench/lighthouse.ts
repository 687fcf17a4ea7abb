/**
 * Lighthouse (mobile preset, simulated throttling) on the production build that `npm start` serves:
 * /login as a guest, and /, /audits and /organizations signed in as admin. Prints the four category
 * scores and FCP, LCP, TBT, CLS and the bytes transferred per page beside the budgets of issue 15.
 *
 * Starts `tsx server/main.ts` on an in-memory database and a free port (LIGHTHOUSE_BENCH_URL uses a
 * running server instead), and Debian's Chromium (CHROMIUM_PATH overrides) through chrome-launcher
 * with the flags of playwright.config.ts. The full reports are written to bench/out/lighthouse-*.json.
 * LIGHTHOUSE_PAGES=/audits,/ runs only those pages (and LIGHTHOUSE_RUNS=3 each page three times).
 * Run: npm run build && npm run bench:lighthouse
 */
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import puppeteer, { type Page } from 'puppeteer-core'
import { BOOT_TOKEN_COOKIE } from '../src/contract/boot-answers'
import { SIGNED_IN_HINT_COOKIE } from '../src/contract/boot-hint'
import { startBenchServer } from './helpers/bench-server'
import { machineLine } from './helpers/machine'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof CATEGORIES)[number]

const budgets: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 90,
}

interface Target {
  path: string
  signedIn: boolean
  /** Categories judged against the budgets here (SEO matters only where a guest can land). */
  judged: readonly Category[]
}

const targets: readonly Target[] = [
  { path: '/login', signedIn: false, judged: CATEGORIES },
  { path: '/', signedIn: true, judged: ['performance', 'accessibility', 'best-practices'] },
  { path: '/audits', signedIn: true, judged: ['performance', 'accessibility', 'best-practices'] },
  {
    path: '/organizations',
    signedIn: true,
    judged: ['performance', 'accessibility', 'best-practices'],
  },
]

const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['total-byte-weight', 'bytes', 'KB'],
] as const

async function tokensFor(baseUrl: string) {
  const response = await fetch(`${baseUrl}/auth/v1/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username: 'admin@demo.local',
      password: 'Demo-Password-1',
      grant_type: 'password',
    }),
  })
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status}`)
  return (await response.json()) as { access_token: string; refresh_token: string }
}

/**
 * Signed in as the console keeps a session (tokens in localStorage, the boot cookies of
 * api/tokens.ts: the signed-in hint and the access token), with the HTTP cache emptied so the run is a cold load like the guest's;
 * Lighthouse's own storage reset would sign the user out.
 */
async function prepareSignedIn(page: Page, baseUrl: string) {
  const tokens = await tokensFor(baseUrl)
  await page.goto(`${baseUrl}/health`)
  await page.evaluate(
    ([pair, hint, bootToken]) => {
      localStorage.setItem('refresh_token', pair.refresh_token)
      localStorage.setItem('access_token', pair.access_token)
      document.cookie = `${hint}=1; Path=/; SameSite=Strict`
      document.cookie = `${bootToken}=${pair.access_token}; Path=/; SameSite=Strict`
    },
    [tokens, SIGNED_IN_HINT_COOKIE, BOOT_TOKEN_COOKIE] as const,
  )
  const cdp = await page.createCDPSession()
  await cdp.send('Network.clearBrowserCache')
  await cdp.detach()
}

function formatMetric(unit: string, value: number): string {
  if (unit === 'ms') return `${Math.round(value)} ms`
  if (unit === 'KB') return `${(value / 1024).toFixed(1)} KB`
  return value.toFixed(3)
}

async function main() {
  if (!existsSync('dist/index.html'))
    throw new Error('No production build: run npm run build first.')
  const server = process.env.LIGHTHOUSE_BENCH_URL
    ? { url: process.env.LIGHTHOUSE_BENCH_URL, stop: () => Promise.resolve() }
    : await startBenchServer({ rows: 10_000 })
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
  mkdirSync('bench/out', { recursive: true })
  let failures = 0
  try {
    console.log('\nLighthouse 12, mobile preset, simulated throttling, production build')
    console.log(`${machineLine()}\n`)
    const only = process.env.LIGHTHOUSE_PAGES?.split(',')
    const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1))
    const chosen = targets.filter((target) => !only || only.includes(target.path))
    for (const target of chosen.flatMap((t) => Array.from({ length: runs }, () => t))) {
      const run = async () => {
        const page = await browser.newPage()
        if (target.signedIn) await prepareSignedIn(page, server.url)
        const result = await lighthouse(
          `${server.url}${target.path}`,
          {
            logLevel: 'error',
            output: 'json',
            onlyCategories: [...CATEGORIES],
            disableStorageReset: target.signedIn,
          },
          undefined,
          page,
        )
        await page.close()
        if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`)
        return result.lhr
      }
      let lhr = await run()
      // Lighthouse now and then misses the navigation's start in its own trace (its message says
      // to run it again): one more run, and any other error stands.
      if (lhr.runtimeError?.code === 'NO_NAVSTART') lhr = await run()
      const name = target.path === '/' ? 'dashboard' : target.path.slice(1)
      writeFileSync(`bench/out/lighthouse-${name}.json`, JSON.stringify(lhr, null, 1))
      if (lhr.runtimeError) throw new Error(`${target.path}: ${lhr.runtimeError.message}`)
      if (lhr.finalDisplayedUrl !== `${server.url}${target.path}`)
        throw new Error(`${target.path} ended on ${lhr.finalDisplayedUrl} (signed out?)`)

      console.log(`${target.path}${target.signedIn ? ' (signed in)' : ''}`)
      for (const id of CATEGORIES) {
        const score = Math.round((lhr.categories[id]?.score ?? 0) * 100)
        const judged = target.judged.includes(id)
        const ok = score >= budgets[id]
        if (judged && !ok) failures += 1
        const budget = judged ? `  (budget ≥${budgets[id]})${ok ? '  ok' : '  UNDER BUDGET'}` : ''
        console.log(`  ${id.padEnd(16)} ${String(score).padStart(5)}${budget}`)
        if (!judged || ok) continue
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id]
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            console.log(`      ${audit.id}: ${audit.title} ${audit.displayValue ?? ''}`)
        }
      }
      const metrics = METRICS.map(([id, label, unit]) => {
        const value = lhr.audits[id]?.numericValue ?? Number.NaN
        return `${label} ${formatMetric(unit, value)}`
      })
      console.log(`  ${metrics.join(' · ')}\n`)
    }
  } finally {
    await browser.disconnect()
    chrome.kill()
    await server.stop()
  }
  if (failures > 0) {
    console.log(`${failures} score(s) below budget`)
    process.exitCode = 1
  }
}

await main()
