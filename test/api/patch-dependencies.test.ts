// The postinstall patches (scripts/patch-dependencies.mjs) fail loudly when they do not apply: a changed or missing
// dependency exits non-zero with the patch named, so an upgrade of vike cannot silently drop them.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const script = path.resolve(__dirname, '../../scripts/patch-dependencies.mjs')
/** The patched files, as node_modules/<package>/<file>. */
const FILES = ['vike/dist/utils/catchInfiniteLoop.js', 'vike/dist/utils/objectAssign.js', 'vike/dist/shared-server-client/route/resolveRouteString.js', '@brillout/json-serializer/dist/stringify.js', 'vike/dist/server/runtime/renderPageServer/html/injectAssets/injectHtmlTags.js', 'vike/dist/server/runtime/renderPageServer/getPageAssets.js', 'vike/dist/server/runtime/renderPageServer/html/injectAssets/getHtmlTags.js', 'vike/dist/server/runtime/asyncHook.js', 'vike/dist/server/runtime/renderPageServer/html/serializeContext.js', 'vike/dist/shared-server-client/getPageContextPublicShared.js', 'vike/dist/shared-server-client/page-configs/resolveVikeConfigPublic.js', 'vike/dist/shared-server-client/getPageContextUrlComputed.js', 'vike/dist/server/runtime/renderPageServer/createHttpResponse.js', '@electric-sql/pglite/dist/chunk-Y6PULSM7.js', 'react-dom/cjs/react-dom-server-legacy.node.production.js', 'vike/dist/server/runtime/renderPageServer/getEarlyHints.js']

function run(cwd: string, ...args: string[]) {
  const res = spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8' })
  return { status: res.status, stderr: res.stderr }
}

/** A project directory with node_modules holding the given text for each patched file (or none). */
function project(text: ((file: string) => string) | null): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patch-deps-'))
  if (text) {
    for (const f of FILES) {
      const file = path.join(dir, 'node_modules', f)
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, text(f))
    }
  }
  return dir
}

describe('scripts/patch-dependencies.mjs', () => {
  it('exits non-zero and names each patch when the dependency has changed', () => {
    const res = run(project(() => '// another version of vike\n'))
    expect(res.status).toBe(1)
    expect(res.stderr).toContain('vike/dist/utils/objectAssign.js has changed: "vike objectAssign: assign plain data properties instead of redefining them" does not apply')
    expect(res.stderr).toContain('catchInfiniteLoop')
    expect(res.stderr).toContain('resolveRouteString')
    expect(res.stderr).toContain('json-serializer stringify')
  })

  it('exits non-zero when the dependency is not installed', () => {
    const res = run(project(null))
    expect(res.status).toBe(1)
    expect(res.stderr).toContain('is not installed')
  })

  it('passes over files already patched, and --check passes on the installed vike', () => {
    const installed = (f: string) => fs.readFileSync(path.resolve(__dirname, '../../node_modules', f), 'utf8')
    expect(run(project(installed)).status).toBe(0)
    expect(run(path.resolve(__dirname, '../..'), '--check').status).toBe(0)
  })

  it('--check fails on an unpatched copy without writing it', () => {
    const dir = project(() => 'const trackers = {};\n')
    const res = run(dir, '--check')
    expect(res.status).toBe(1)
    expect(res.stderr).toContain('is not patched')
    expect(fs.readFileSync(path.join(dir, 'node_modules', FILES[0]), 'utf8')).toBe('const trackers = {};\n')
  })

  it('pins vike exactly', () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'))
    const installed = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../node_modules/vike/package.json'), 'utf8'))
    expect(pkg.dependencies.vike).toBe(installed.version)
  })

  it('pins PGlite exactly (its patched file is a bundler chunk named by its hash)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'))
    const installed = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8'))
    expect(pkg.dependencies['@electric-sql/pglite']).toBe(installed.version)
  })

  it('react-dom server (production): characters above U+007F as character references, ASCII, the same page for a browser', () => {
    // The same elements rendered by the production build (patched) and the development build (as React ships it);
    // decoded as a browser decodes text and attribute values, both say the same. Script and style contents keep
    // their characters (no references are read there).
    // Escapes in the child's source (String.raw): every character reaches React as written, a lone surrogate too.
    const rawText = String.raw`, h('style', null, '.a::after{content:"\u2013"}'), h('script', { dangerouslySetInnerHTML: { __html: 'var a="\u2013"' } })`
    const script = (withRawText: boolean) => String.raw`
      const React = require('react')
      const { renderToString } = require('react-dom/server')
      const v8 = require('node:v8')
      const h = React.createElement
      const markup = renderToString(h('div', { title: 'Zo\u00eb \u2013 18\u201399 \ud83d\ude00', 'data-x': '"&\'<>' },
        h('p', null, '18\u201399 jaar \u25be Laden\u2026 \u00a9 Frysl\u00e2n \u00b7 <b> & "q" ', 'Zo\u00eb \ud83d\ude00 end\ud83d'),
        h('textarea', { defaultValue: 'a\u2013b \u00e9' }), h('title', null, 'x\u2013y \u00e9'),
        h('select', { defaultValue: '\u00e9\u2013' }, h('option', { value: '\u00e9\u2013' }, '\u00e9\u2013')),
        h('p', null, 'plain text, nothing to escape')${withRawText ? rawText : ''}))
      const bytes = v8.serialize(markup)
      let i = 2
      while (bytes[i] === 0) i++
      console.log(JSON.stringify({ markup, oneByte: String.fromCharCode(bytes[i]) === '"' }))
    `
    const render = (env: string, withRawText = true) => {
      const res = spawnSync(process.execPath, ['-e', script(withRawText)], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8', env: { ...process.env, NODE_ENV: env } })
      expect(res.stderr).toBe('')
      return JSON.parse(res.stdout) as { markup: string; oneByte: boolean }
    }
    const production = render('production')
    const development = render('development')
    // What a browser reads: numeric references and React's five escapes decoded.
    const decoded = (html: string) =>
      html
        .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    const outsideRawText = (html: string) => html.replace(/<(script|style)>[\s\S]*?<\/\1>/g, '')
    expect(outsideRawText(production.markup)).not.toMatch(/[\u0080-\uffff]/)
    expect(production.markup).toContain('18&#8211;99 jaar &#9662; Laden&#8230; &#169; Frysl&#226;n &#183; &lt;b&gt;')
    // An emoji is one reference (its code point), not two halves.
    expect(production.markup).toContain('title="Zo&#235; &#8211; 18&#8211;99 &#128512;"')
    expect(production.markup).toContain('<style>.a::after{content:"\u2013"}</style><script>var a="\u2013"</script>')
    expect(decoded(production.markup)).toBe(decoded(development.markup))
    expect(development.markup).toContain('Frysl\u00e2n')
    // One byte a character (without the script and style elements, which keep their "–").
    expect(production.oneByte).toBe(false)
    expect(render('production', false).oneByte).toBe(true)
    expect(render('development', false).oneByte).toBe(false)
  })

  it('pglite reader: rows read as before (multi-byte text, empty, null, answers split anywhere), no copy per field', () => {
    // Run in Node itself (the package is an ES module): data rows through PGlite's protocol parser, whole and split
    // at every byte (the parser then joins the pieces in a buffer of its own, at an offset), counting ArrayBuffer copies.
    const script = `
      import { protocol } from '@electric-sql/pglite'
      const fields = ['18–99 jaar', 'Zoë uit Den Haag 😀', '', null, 'a'.repeat(300), 'Ünïcödé ✓']
      const row = (values) => {
        const parts = values.map((v) => {
          if (v === null) return Buffer.from([0xff, 0xff, 0xff, 0xff])
          const bytes = Buffer.from(v, 'utf8')
          const len = Buffer.alloc(4)
          len.writeInt32BE(bytes.length)
          return Buffer.concat([len, bytes])
        })
        const body = Buffer.concat([Buffer.from([values.length >> 8, values.length & 255]), ...parts])
        const head = Buffer.alloc(5)
        head[0] = 0x44
        head.writeInt32BE(body.length + 4, 1)
        return Buffer.concat([head, body])
      }
      const answer = new Uint8Array(Buffer.concat([row(fields), row(['x', null]), row(fields)]))
      const slice = ArrayBuffer.prototype.slice
      let copies = 0
      ArrayBuffer.prototype.slice = function (...args) { copies++; return slice.apply(this, args) }
      const read = (chunks) => {
        const parser = new protocol.Parser()
        const rows = []
        for (const c of chunks) parser.parse(c, (msg) => rows.push(msg.fields))
        return rows
      }
      copies = 0
      const whole = read([answer])
      const wholeCopies = copies
      const splits = []
      for (let at = 1; at < answer.length; at++) splits.push(JSON.stringify(read([answer.slice(0, at), answer.slice(at)])))
      console.log(JSON.stringify({ whole, wholeCopies, splitsSame: splits.every((s) => s === JSON.stringify(whole)) }))
    `
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' })
    expect(res.stderr).toBe('')
    const out = JSON.parse(res.stdout) as { whole: (string | null)[][]; wholeCopies: number; splitsSame: boolean }
    const fields = ['18–99 jaar', 'Zoë uit Den Haag 😀', '', null, 'a'.repeat(300), 'Ünïcödé ✓']
    expect(out.whole).toEqual([fields, ['x', null], fields])
    expect(out.splitsSame).toBe(true)
    // One copy of the answer as it arrives (the parser's own), none per field (unpatched: one per text field, 13).
    expect(out.wholeCopies).toBe(1)
  })

  it('json-serializer: plain JSON is written by JSON.stringify alone, the same text as before; anything else as before', () => {
    // Run in Node itself (the package is an ES module): each case through the patched stringify and the original,
    // and whether the patched one called JSON.stringify with the per-value replacer.
    const script = `
      import { stringify, stringifyUnpatched } from '@brillout/json-serializer/stringify'
      const native = JSON.stringify
      let replacerUsed = false
      JSON.stringify = function (value, replacer, space) {
        if (typeof replacer === 'function') replacerUsed = true
        return native.call(this, value, replacer, space)
      }
      const deep = (n) => (n === 0 ? { end: true } : { next: deep(n - 1) })
      const cyclic = { a: 1 }
      cyclic.self = cyclic
      const bare = Object.create(null)
      bare.x = 'y'
      const page = {
        pageId: '/pages/members-search', routeParams: {}, _pageContextInitIsPassedToClient: true, lng: 'nl',
        tenantJson: native({ name: 'Datingstad', note: '</script><script>alert(1)</script>', url: 'https://datingstad.nl/' }),
        user: { id: 7, name: 'Anna', credits: 12.5, paid_user: false, avatar: null, counts: [0, -0, 3] },
        data: { page: { profiles: [{ id: 650, name: 'Ingrid', age: 52, city: 'Rotterdam', main_image: { filename: '/media/a.webp', locked: false } }], next_cursor: 'a/b+c', similar: [] } },
      }
      const cases = {
        page, bare, deep50: deep(50), deep150: deep(150), bangString: { note: '!important' }, emptyString: { s: '' },
        undefinedProp: { a: undefined }, undefinedItem: [1, undefined], date: { at: new Date(0) }, map: new Map([['a', 1]]),
        set: new Set([1]), nan: [NaN], infinity: { i: Infinity, j: -Infinity }, bigint: { n: 10n }, regexp: /a\\/b/g,
        bytes: new Uint8Array([1, 2]), instance: new (class Point { x = 1 })(), top: 'plain', topBang: '!x', topNumber: 3,
      }
      const optionSets = [undefined, { forbidReactElements: true, htmlScriptSafe: { escapeScripts: true, escapeURLs: true } }, { htmlScriptSafe: { escapeScripts: true, escapeURLs: false } }, { htmlScriptSafe: false }, { space: 2 }]
      const out = []
      const attempt = (f) => { try { return { text: f() } } catch (e) { return { error: String(e.message) } } }
      for (const [name, value] of Object.entries(cases)) {
        optionSets.forEach((options, i) => {
          replacerUsed = false
          const patched = attempt(() => stringify(value, options))
          const replacer = replacerUsed
          const original = attempt(() => stringifyUnpatched(value, options))
          out.push({ name, options: i, same: native(patched) === native(original), replacer, patched })
        })
      }
      for (const [name, value] of Object.entries({ fn: { f() {} }, cyclic })) {
        const patched = attempt(() => stringify(value))
        const original = attempt(() => stringifyUnpatched(value))
        out.push({ name, options: 0, same: native(patched) === native(original), replacer: true, patched })
      }
      console.log(native(out))
    `
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' })
    expect(res.stderr).toBe('')
    const out = JSON.parse(res.stdout) as { name: string; options: number; same: boolean; replacer: boolean; patched: { text?: string; error?: string } }[]
    // Every case and option set gives what the original gives, text or error.
    expect(out.filter((o) => !o.same)).toEqual([])
    // Plain JSON skips the replacer; anything the replacer must see takes it.
    const plain = ['page', 'bare', 'deep50', 'emptyString', 'top', 'topNumber']
    expect(out.filter((o) => plain.includes(o.name) && o.replacer)).toEqual([])
    expect(out.filter((o) => !plain.includes(o.name) && !o.replacer)).toEqual([])
    // The page's text is escaped for a script element as before.
    const page = out.find((o) => o.name === 'page' && o.options === 1)!.patched.text!
    expect(page).not.toContain('</script>')
    expect(page).toContain('\\u003c\\/script>')
    expect(out.find((o) => o.name === 'fn')!.patched.error).toContain('function')
  })

  it("vike's per-request getters are shared functions, the objects keeping their keys, order, enumerability and values", () => {
    // A getter that closes over its object gives each object a hidden class of its own, which V8's young-generation
    // collector keeps alive with all the getter reaches (decision 042, seventeenth addendum). The shapes below are the
    // unpatched vike 0.4.266's, string keys only (the patched objects hold what the getters read under a symbol).
    const script = `
      const root = 'file://' + process.cwd() + '/node_modules/vike/dist/'
      const { createHttpResponse404 } = await import(root + 'server/runtime/renderPageServer/createHttpResponse.js')
      const { getPageContextUrlComputed } = await import(root + 'shared-server-client/getPageContextUrlComputed.js')
      const { resolvePageContextConfig } = await import(root + 'shared-server-client/page-configs/resolveVikeConfigPublic.js')
      const { getPageContextPublicShared } = await import(root + 'shared-server-client/getPageContextPublicShared.js')
      const shape = (o) => Object.getOwnPropertyNames(o).map((k) => { const d = Object.getOwnPropertyDescriptor(o, k); return [k, 'get' in d ? 'get' : typeof d.value, d.enumerable] })
      const getter = (o, k) => Object.getOwnPropertyDescriptor(o, k).get
      const out = {}
      const r1 = createHttpResponse404('Niet gevonden'), r2 = createHttpResponse404('Weg')
      out.httpResponse = { shape: shape(r1), statusCode: r1.statusCode, body: r1.body.includes('<p>Niet gevonden.</p>') && r2.body.includes('<p>Weg.</p>'), shared: getter(r1, 'body') === getter(r2, 'body') && getter(r1, 'contentType') === getter(r2, 'contentType') }
      const page = (url) => {
        const pageContext = { urlOriginal: url, _baseServer: '/', _urlHandler: null, _urlRewrite: null, isClientSide: false }
        Object.defineProperties(pageContext, Object.getOwnPropertyDescriptors(getPageContextUrlComputed(pageContext)))
        return pageContext
      }
      const a = page('/leden?x=1&y=2#h').urlParsed, b = page('/b').urlParsed
      out.urlParsed = { shape: shape(a), json: JSON.stringify(a), spread: Object.keys({ ...a }), shared: ['hash', 'hashOriginal', 'hashString', 'searchString'].every((k) => getter(a, k) === getter(b, k)) }
      const c1 = resolvePageContextConfig([], null, { configValues: {} }), c2 = resolvePageContextConfig([], null, { configValues: {} })
      out.config = { shape: shape(c1), shared: getter(c1, 'pageExports') === getter(c2, 'pageExports') }
      const context = () => ({ _isOriginalObject: true, pageId: '/pages/a', pageProps: {}, is404: false, _globalContext: { _isOriginalObject: true, _virtualFileExports: {}, _pageConfigs: [] } })
      const p1 = context(), p2 = context()
      getPageContextPublicShared(p1)
      getPageContextPublicShared(p2)
      out.pageId = { enumerable: Object.getOwnPropertyDescriptor(p1, '_pageId').enumerable, shared: getter(p1, '_pageId') === getter(p2, '_pageId') }
      console.log(JSON.stringify(out))
    `
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' })
    expect(res.stderr).toBe('')
    const out = JSON.parse(res.stdout)
    const streamMethods = ['pipe', 'getReadableWebStream', 'getReadableNodeStream', 'getBody', 'getNodeStream', 'getWebStream', 'pipeToWebWritable', 'pipeToNodeWritable'].map((k) => [k, 'function', true])
    expect(out.httpResponse).toEqual({ shape: [['statusCode', 'number', true], ['headers', 'object', true], ['contentType', 'get', true], ['earlyHints', 'object', true], ['body', 'get', true], ...streamMethods], statusCode: 404, body: true, shared: true })
    const urlKeys = ['href', 'protocol', 'hostname', 'port', 'origin', 'pathname', 'pathnameOriginal', 'search', 'searchAll', 'searchOriginal']
    expect(out.urlParsed).toEqual({
      shape: [...urlKeys.map((k) => [k, ['href', 'pathname', 'pathnameOriginal', 'searchOriginal'].includes(k) ? 'string' : 'object', true]), ...['hash', 'hashOriginal', 'hashString', 'searchString'].map((k) => [k, 'get', false])],
      json: '{"href":"/leden?x=1&y=2#h","protocol":null,"hostname":null,"port":null,"origin":null,"pathname":"/leden","pathnameOriginal":"/leden","search":{"x":"1","y":"2"},"searchAll":{"x":["1"],"y":["2"]},"searchOriginal":"?x=1&y=2"}',
      spread: urlKeys,
      shared: true,
    })
    expect(out.config).toEqual({ shape: [...['config', 'from', 'source', 'sources', 'configEntries', 'exports', 'exportsAll'].map((k) => [k, 'object', true]), ['pageExports', 'get', false]], shared: true })
    expect(out.pageId).toEqual({ enumerable: false, shared: true })
  })

  it('vike injectHtmlTags: the tags go where the original split-based code put them, with the same line breaks', () => {
    // The original algorithm (vike 0.4.x before the patch) as reference: split the document at the tag, put the
    // fragment after the first opening tag or before the last closing tag, and indent it from the lines around.
    const script = `
      // Not among vike's exports: imported by its file.
      const file = new URL('node_modules/vike/dist/server/runtime/renderPageServer/html/injectAssets/injectHtmlTags.js', 'file://' + process.cwd() + '/')
      const { injectAtOpeningTag, injectAtClosingTag } = await import(file.href)
      function breakLines(htmlFragment, before, after) {
        const currentLineBefore = before.split('\\n').slice(-1)[0]
        let paddingParent = currentLineBefore.match(/\\s*$/)[0]
        const isBlankLine = !!paddingParent
        if (!paddingParent) paddingParent = currentLineBefore.match(/^\\s*/)[0]
        if (!paddingParent) return htmlFragment
        const whitespaceExtra = '  '
        const padding = '\\n' + paddingParent + whitespaceExtra
        const tagRE = /<(script|style|textarea|title)\\b[^>]*>[\\s\\S]*?<\\/\\1>|<[^\\/][^>]*>/gi
        htmlFragment = htmlFragment.replace(tagRE, (match) => padding + match)
        if (isBlankLine) htmlFragment = whitespaceExtra + htmlFragment.slice(padding.length)
        if (after.split('\\n')[0].trim().length > 0) htmlFragment += '\\n' + paddingParent
        return htmlFragment
      }
      function opening(tag, html, fragment) {
        const instance = html.match(new RegExp('<' + tag + '(>| [^>]*>)', 'i'))[0]
        const parts = html.split(instance)
        const before = parts[0] + instance
        const after = parts.slice(1).join(instance)
        return before + breakLines(fragment, before, after) + after
      }
      function closing(tag, html, fragment) {
        const instance = html.match(new RegExp('</' + tag + '>', 'i'))[0]
        const parts = html.split(instance)
        const before = parts.slice(0, -1).join(instance)
        const after = instance + parts[parts.length - 1]
        return before + breakLines(fragment, before, after) + after
      }
      const docs = [
        '<!DOCTYPE html>\\n<html lang="nl">\\n  <head>\\n    <meta charset="UTF-8" />\\n  </head>\\n  <body>\\n    <div id="root"><p>Hoi</p></div>\\n  </body>\\n</html>',
        '<!DOCTYPE html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
        '<HTML>\\n<HEAD data-x="1">\\n</HEAD>\\n<BODY>\\n<p>a</p>\\n</BODY>\\n</HTML>',
        '<html>\\n  <head></head>\\n  <body>\\n    <template><body>oud</body></template>\\n    <p>Tekst met </body> erin</p>\\n  </body>\\n</html>',
        '<html><head>\\n\\t<style>a{}</style></head><body>\\n\\t\\t<main></main>\\n\\t</body></html>',
      ]
      const fragments = ['<script id="a" type="application/json">{"x":"<div>"}</script><script src="/a.js" type="module" async></script>', '<link rel="modulepreload" href="/b.js">']
      const out = []
      for (const doc of docs) for (const fragment of fragments) {
        out.push({ same: injectAtOpeningTag('head', doc, fragment) === opening('head', doc, fragment), where: 'head' })
        out.push({ same: injectAtClosingTag('body', doc, fragment) === closing('body', doc, fragment), where: 'body' })
        out.push({ same: injectAtClosingTag('html', doc, fragment) === closing('html', doc, fragment), where: 'html' })
      }
      console.log(JSON.stringify(out))
    `
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' })
    expect(res.stderr).toBe('')
    const out = JSON.parse(res.stdout) as { same: boolean; where: string }[]
    expect(out).toHaveLength(30)
    expect(out.filter((o) => !o.same)).toEqual([])
  })

  it('vike getPageAssets: in production each page and build computed once, one frozen list for every caller, as the original computes them', () => {
    const script = `
      // Not among vike's exports: imported by its file.
      const file = new URL('node_modules/vike/dist/server/runtime/renderPageServer/getPageAssets.js', 'file://' + process.cwd() + '/')
      const { getPageAssets, getPageAssetsComputed } = await import(file.href)
      const manifest = () => ({
        'pages/a/+client.ts': { file: 'assets/client-a.js', isEntry: true, imports: ['_shared.js'], css: ['assets/a.css'] },
        'pages/a/+Page.tsx': { file: 'assets/page-a.js', isDynamicEntry: true, imports: ['_shared.js'], css: ['assets/page-a.css'], assets: ['assets/font.woff2', 'assets/photo.webp'] },
        '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
        'pages/b/+Page.tsx': { file: 'assets/page-b.js', isDynamicEntry: true },
      })
      const context = (assetsManifest, pageId, opts = {}) => ({ pageId, _baseServer: opts.base ?? '/', _globalContext: { _isProduction: true, assetsManifest, config: {} } })
      const deps = (p) => [{ id: '/pages/' + p + '/+Page.tsx', onlyAssets: false, eagerlyImported: false }]
      const entries = ['/pages/a/+client.ts']
      const out = {}
      const build = manifest()
      const first = await getPageAssets(context(build, 'a'), deps('a'), entries)
      const original = JSON.stringify(await getPageAssetsComputed(context(build, 'a'), deps('a'), entries))
      out.first = JSON.stringify(first) === original
      // Every request gets the same list, frozen with its entries: a change throws, nothing can reach the next request.
      const refused = (change) => { try { change(); return false } catch (err) { return err instanceof TypeError } }
      out.frozen = refused(() => { first[0].src = '/changed.css' }) && refused(() => first.pop())
      const second = await getPageAssets(context(build, 'a'), deps('a'), entries)
      out.second = JSON.stringify(second) === original
      out.shared = second === first
      // Another page, another base, another build (its manifest changed): each its own assets.
      out.otherPage = JSON.stringify(await getPageAssets(context(build, 'b'), deps('b'), entries)) === JSON.stringify(await getPageAssetsComputed(context(build, 'b'), deps('b'), entries))
      out.otherPageDiffers = JSON.stringify(await getPageAssets(context(build, 'b'), deps('b'), entries)) !== original
      out.base = (await getPageAssets(context(build, 'a', { base: '/base/' }), deps('a'), entries)).every((a) => a.src.startsWith('/base/assets/'))
      // The manifest is read on the first request of a page only.
      let reads = 0
      const counted = new Proxy(manifest(), { get: (target, key) => (reads++, target[key]) })
      await getPageAssets(context(counted, 'a'), deps('a'), entries)
      const readsFirst = reads
      await getPageAssets(context(counted, 'a'), deps('a'), entries)
      out.once = readsFirst > 0 && reads === readsFirst
      const rebuilt = manifest()
      rebuilt['_shared.js'].file = 'assets/shared-2.js'
      out.rebuilt = (await getPageAssets(context(rebuilt, 'a'), deps('a'), entries)).some((a) => a.src === '/assets/shared-2.js')
      console.log(JSON.stringify(out))
    `
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' })
    expect(res.stderr).toBe('')
    expect(JSON.parse(res.stdout)).toEqual({ first: true, frozen: true, second: true, shared: true, otherPage: true, otherPageDiffers: true, base: true, once: true, rebuilt: true })
  })

  it("vike getEarlyHints and getHtmlTags: a page's frozen assets give their hints, entries and preload tags once, the same as made per request", () => {
    const script = `
      const root = 'file://' + process.cwd() + '/node_modules/vike/dist/server/runtime/renderPageServer/'
      const { getEarlyHints, getEarlyHintsComputed } = await import(root + 'getEarlyHints.js')
      const { getHtmlTags } = await import(root + 'html/injectAssets/getHtmlTags.js')
      const assets = () => [
        { src: '/assets/entries/entry-client-routing.js', assetType: 'script', mediaType: 'text/javascript', isEntry: true },
        { src: '/assets/static/page.css', assetType: 'style', mediaType: 'text/css', isEntry: true },
        { src: '/assets/static/font.a1b2.woff2', assetType: 'font', mediaType: 'font/woff2', isEntry: false },
        { src: '/assets/static/font.c3d4.woff', assetType: 'font', mediaType: 'font/woff', isEntry: false },
        { src: '/assets/chunks/chunk-A.js', assetType: 'script', mediaType: 'text/javascript', isEntry: false },
        { src: '/assets/chunks/chunk-B.js', assetType: 'script', mediaType: 'text/javascript', isEntry: false },
        { src: '/assets/static/photo.webp', assetType: 'image', mediaType: 'image/webp', isEntry: false },
      ]
      const frozen = Object.freeze(assets().map((a) => Object.freeze(a)))
      const out = {}
      // Early hints: the same as made per request; once for a frozen list, per call for another.
      out.hintsSame = JSON.stringify(getEarlyHints(frozen)) === JSON.stringify(getEarlyHintsComputed(assets()))
      out.hintsOnce = getEarlyHints(frozen) === getEarlyHints(frozen) && Object.isFrozen(getEarlyHints(frozen)[0])
      const open = assets()
      out.hintsPerCall = getEarlyHints(open) !== getEarlyHints(open) && JSON.stringify(getEarlyHints(open)) === JSON.stringify(getEarlyHintsComputed(assets()))
      // The page's tags: for two requests (two nonces), HTML-only or not, from the frozen list (kept) and from an open
      // one (made per request, as vike ships): the same tags, each request's nonce on its own scripts.
      const context = (nonce, isHtmlOnly) => ({ pageId: '/pages/a', cspNonce: nonce, _isHtmlOnly: isHtmlOnly, _globalContext: { _isProduction: true, _pageConfigs: [] } })
      const tags = async (list, nonce, isHtmlOnly) => (await getHtmlTags(context(nonce, isHtmlOnly), null, undefined, list, '', false)).map((t) => [typeof t.htmlTag === 'string' ? t.htmlTag : 'function', t.position])
      const runs = []
      for (const isHtmlOnly of [false, true, false])
        for (const nonce of ['n0nce', 'other'])
          runs.push([JSON.stringify(await tags(frozen, nonce, isHtmlOnly)), JSON.stringify(await tags(assets(), nonce, isHtmlOnly))])
      out.tagsSame = runs.every(([kept, made]) => kept === made)
      const tagsOf = (run) => JSON.parse(run).map(([tag]) => tag).join('')
      out.nonces = tagsOf(runs[0][0]).includes('nonce="n0nce"') && tagsOf(runs[1][0]).includes('nonce="other"') && !tagsOf(runs[1][0]).includes('n0nce')
      out.preloads = tagsOf(runs[0][0]).includes('<link rel="modulepreload" href="/assets/chunks/chunk-A.js" as="script" type="text/javascript">')
      out.htmlOnlyDiffers = runs[0][0] !== runs[2][0]
      // With an injectFilter() (the user's hook may change the entries), nothing is kept: the hook sees fresh entries.
      let seen = []
      const filter = (entries) => { seen.push(entries); entries.forEach((e) => { if (e.assetType === 'image') e.inject = 'HTML_BEGIN' }) }
      await getHtmlTags(context('n0nce', false), null, filter, frozen, '', false)
      await getHtmlTags(context('n0nce', false), null, filter, frozen, '', false)
      out.filterFresh = seen.length === 2 && seen[0] !== seen[1]
      // What the hook changed is in that request's tags, and not in the next request's without it.
      const filtered = (await getHtmlTags(context('n0nce', false), null, filter, frozen, '', false)).map((t) => t.htmlTag).filter((t) => typeof t === 'string')
      out.filterApplied = filtered.some((t) => t.includes('photo.webp')) && !JSON.stringify(await tags(frozen, 'n0nce', false)).includes('photo.webp')
      console.log(JSON.stringify(out))
    `
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' })
    expect(res.stderr).toBe('')
    expect(JSON.parse(res.stdout)).toEqual({ hintsSame: true, hintsOnce: true, hintsPerCall: true, tagsSame: true, nonces: true, preloads: true, htmlOnlyDiffers: true, filterFresh: true, filterApplied: true })
  })
})
