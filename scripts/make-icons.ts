/**
 * Renders public/favicon.svg into the raster icons browsers and installers ask for, in the same
 * Chromium the tests use (no network): favicon.ico (a 32 px PNG inside an ICO), apple-touch-icon.png
 * (180 px), icon-192.png and icon-512.png for the manifest, and icon-maskable-512.png, whose mark
 * sits inside the 80 % safe zone on a full-bleed background. The outputs are committed; run again
 * after changing the SVG: npx tsx scripts/make-icons.ts
 */
import { chromium } from '@playwright/test'
import { readFileSync, writeFileSync } from 'node:fs'

const svg = readFileSync('public/favicon.svg', 'utf8')
// The maskable variant: no rounded corners (the platform applies its own mask), the lock at 70 %.
const maskable = svg
  .replace('rx="7" ', '')
  .replace('<path ', '<path transform="translate(16 18) scale(0.7) translate(-16 -18)" ')

/** An ICO file holding one PNG image (supported by every browser since Windows Vista's format). */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(1, 4)
  header.writeUInt8(size, 6)
  header.writeUInt8(size, 7)
  header.writeUInt8(0, 8)
  header.writeUInt8(0, 9)
  header.writeUInt16LE(1, 10)
  header.writeUInt16LE(32, 12)
  header.writeUInt32LE(png.length, 14)
  header.writeUInt32LE(22, 18)
  return Buffer.concat([header, png])
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  const page = await browser.newPage()
  const render = async (source: string, size: number) => {
    await page.setViewportSize({ width: size, height: size })
    const src = `data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}`
    await page.setContent(
      `<style>html,body{margin:0}</style><img src="${src}" width="${size}" height="${size}">`,
    )
    return page.screenshot({ omitBackground: true })
  }
  writeFileSync('public/favicon.ico', icoOf(await render(svg, 32), 32))
  writeFileSync('public/apple-touch-icon.png', await render(maskable, 180))
  writeFileSync('public/icon-192.png', await render(svg, 192))
  writeFileSync('public/icon-512.png', await render(svg, 512))
  writeFileSync('public/icon-maskable-512.png', await render(maskable, 512))
} finally {
  await browser.close()
}
