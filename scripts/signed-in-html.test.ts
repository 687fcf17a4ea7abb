import { describe, expect, it } from 'vitest'
import { bootFiles, bootStyles, withAsyncEntry, withPreloads } from './signed-in-html'

const chunk = (name: string, fileName: string, imports: string[] = [], css: string[] = []) =>
  ({ type: 'chunk', name, fileName, imports, viteMetadata: { importedCss: new Set(css) } }) as const

describe('bootFiles', () => {
  it('takes the boot chunks and what they import, each once', () => {
    const bundle = {
      'assets/index.js': chunk('index', 'assets/index.js'),
      'assets/session-machine.js': chunk('session-machine', 'assets/session-machine.js'),
      'assets/signed-in.js': chunk('signed-in', 'assets/signed-in.js', [
        'assets/client.js',
        'assets/notice.js',
      ]),
      'assets/client.js': chunk('client', 'assets/client.js', ['assets/notice.js']),
      'assets/notice.js': chunk('notice', 'assets/notice.js'),
      'assets/audits-screen.js': chunk('audits-screen', 'assets/audits-screen.js'),
    }
    expect(bootFiles(bundle)).toEqual([
      'assets/session-machine.js',
      'assets/signed-in.js',
      'assets/client.js',
      'assets/notice.js',
    ])
  })

  it('fails the build when a boot chunk is missing', () => {
    expect(() => bootFiles({ 'assets/index.js': chunk('index', 'assets/index.js') })).toThrow(
      /session-machine/,
    )
  })
})

describe('bootStyles', () => {
  it('lists the boot chunks’ style sheets, what a chunk imports before its own, each once', () => {
    const bundle = {
      'assets/index.js': chunk('index', 'assets/index.js', [], ['assets/index.css']),
      'assets/session-machine.js': chunk('session-machine', 'assets/session-machine.js'),
      'assets/signed-in.js': chunk(
        'signed-in',
        'assets/signed-in.js',
        ['assets/client.js', 'assets/notice.js'],
        ['assets/signed-in.css'],
      ),
      'assets/client.js': chunk('client', 'assets/client.js', ['assets/notice.js']),
      'assets/notice.js': chunk('notice', 'assets/notice.js', [], ['assets/notice.css']),
      'assets/audits-screen.js': chunk('audits-screen', 'assets/audits-screen.js', [], ['a.css']),
    }
    expect(bootStyles(bundle)).toEqual(['assets/notice.css', 'assets/signed-in.css'])
  })
})

describe('withPreloads', () => {
  it('adds a modulepreload or a style sheet for each file the page does not load yet', () => {
    const html = [
      '<head>',
      '    <script type="module" crossorigin src="/assets/index.js"></script>',
      '  </head>',
    ].join('\n')
    const files = ['assets/index.js', 'assets/signed-in.js', 'assets/signed-in.css']
    expect(withPreloads(html, files)).toBe(
      [
        '<head>',
        '    <script type="module" crossorigin src="/assets/index.js"></script>',
        '    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/signed-in.js">',
        '    <link rel="stylesheet" crossorigin href="/assets/signed-in.css">',
        '  </head>',
      ].join('\n'),
    )
  })
})

describe('withAsyncEntry', () => {
  it('moves the module entry after the root, async, and preloads it where it stood', () => {
    const html = [
      '<head>',
      '    <script type="module" crossorigin src="/assets/index.js"></script>',
      '    <link rel="stylesheet" crossorigin href="/assets/index.css">',
      '  </head>',
      '  <body>',
      '    <div id="root"></div>',
      '  </body>',
    ].join('\n')
    expect(withAsyncEntry(html)).toBe(
      [
        '<head>',
        '    <link rel="modulepreload" crossorigin fetchpriority="high" href="/assets/index.js">',
        '    <link rel="stylesheet" crossorigin href="/assets/index.css">',
        '  </head>',
        '  <body>',
        '    <div id="root"></div>',
        '    <script type="module" async crossorigin fetchpriority="high" src="/assets/index.js"></script>',
        '  </body>',
      ].join('\n'),
    )
  })

  it('fails the build when the page has no module entry, or no place to put it', () => {
    expect(() => withAsyncEntry('<body></body>')).toThrow(/no module entry/)
    const entry = '\n    <script type="module" crossorigin src="/assets/index.js"></script>'
    expect(() => withAsyncEntry(`<head>${entry}\n</head><body><div></div></body>`)).toThrow(
      /no <\/body>/,
    )
  })
})
