// postinstall: small, exact patches to installed dependencies, each found by its original text (idempotent).
// A patch whose original text is missing (the dependency changed) is never forced: the script names it and exits
// non-zero, so the install and CI fail instead of the site silently running without its speed-ups.
// See docs/decisions/014-ssr-performance.md.
import fs from 'node:fs'
import path from 'node:path'

const PATCHES = [
  {
    // vike's infinite-loop guard keys its counters by request ("[request-123] renderPageServerEntryRecursive()")
    // and, on every request, walks all counters of the last 5 seconds to drop the old ones: work that grows
    // with the request rate (about 3,000 keys per request at 600 req/s, 17% of the landing page's CPU time).
    // Patched: the walk runs at most once a second, and the current key's own counter is restarted when older
    // than the window, so the guard counts exactly as before.
    name: 'vike catchInfiniteLoop: sweep old counters at most once a second',
    pkg: 'vike',
    file: 'dist/utils/catchInfiniteLoop.js',
    from: `    // Clean all outdated trackers
    Object.keys(trackers).forEach((key) => {
        const tracker = trackers[key];
        const elapsedTime = now - tracker.startTime;
        if (elapsedTime > time)
            delete trackers[key];
    });
`,
    to: `    // Clean all outdated trackers (patched by scripts/patch-dependencies.mjs: at most once a second)
    if (now - lastSweep > 1000) {
        lastSweep = now;
        for (const key in trackers) {
            if (now - trackers[key].startTime > time)
                delete trackers[key];
        }
    }
    if (trackers[functionName] && now - trackers[functionName].startTime > time)
        delete trackers[functionName];
`,
    // The sweep's clock, declared next to the counters.
    extra: { from: 'const trackers = {};\n', to: 'const trackers = {};\nlet lastSweep = 0;\n' },
  },
  {
    // vike builds each request's pageContext with ~25 objectAssign() calls that copy property descriptors with
    // Object.defineProperties (to keep getters): about 1 µs per property, 10% of the landing page's CPU time.
    // Patched: a plain data property (writable, enumerable, configurable) whose target key is free or holds the
    // same kind of plain data property is assigned; everything else (getters, other attributes, inherited keys)
    // is still defined with its descriptor, so the resulting object is the same.
    name: 'vike objectAssign: assign plain data properties instead of redefining them',
    pkg: 'vike',
    file: 'dist/utils/objectAssign.js',
    from: `    Object.defineProperties(obj, Object.getOwnPropertyDescriptors(objAddendum));
`,
    to: `    // Patched by scripts/patch-dependencies.mjs: plain data properties are assigned (same result, far cheaper).
    for (const key of Reflect.ownKeys(objAddendum)) {
        const descriptor = Object.getOwnPropertyDescriptor(objAddendum, key);
        if ('value' in descriptor && descriptor.writable && descriptor.enumerable && descriptor.configurable) {
            const own = Object.getOwnPropertyDescriptor(obj, key);
            if (own === undefined ? !(key in obj) : 'value' in own && own.writable && own.enumerable && own.configurable) {
                obj[key] = descriptor.value;
                continue;
            }
        }
        Object.defineProperty(obj, key, descriptor);
    }
`,
  },
  {
    // vike's router checks, parses and compiles every page's Route String into a RegExp on every request (about
    // 20 pages here; the check even builds coloured error texts up front): 5% of the landing page's CPU time.
    // Patched: each Route String is checked, parsed and compiled once, then only matched. Route Strings come
    // from the pages' configuration, so the cache holds one entry per page.
    name: 'vike resolveRouteString: compile each Route String once',
    pkg: 'vike',
    file: 'dist/shared-server-client/route/resolveRouteString.js',
    from: `function resolveRouteString(routeString, urlPathname) {
    assertRouteString(routeString);
    const segments = parseRouteString(routeString);
    const routeRegexStrInner = segments
        .map((segment) => {
        if (segment.param) {
            return '[^/]+';
        }
        if (segment.glob) {
            return '.*';
        }
        // segment.static
        return escapeRegex(segment.static);
    })
        .map((s) => \`(\${s})\`)
        .join('');
    const routeRegex = new RegExp(\`^\${routeRegexStrInner}/?$\`);
`,
    to: `// Patched by scripts/patch-dependencies.mjs: each Route String is checked, parsed and compiled once.
const compiledRouteStrings = new Map();
function resolveRouteString(routeString, urlPathname) {
    let compiled = compiledRouteStrings.get(routeString);
    if (!compiled) {
        compiled = compileRouteString(routeString);
        compiledRouteStrings.set(routeString, compiled);
    }
    const { segments, routeRegex } = compiled;
`,
    extra: {
      from: `function parseRouteString(routeString) {
`,
      to: `function compileRouteString(routeString) {
    assertRouteString(routeString);
    const segments = parseRouteString(routeString);
    const routeRegexStrInner = segments
        .map((segment) => {
        if (segment.param) {
            return '[^/]+';
        }
        if (segment.glob) {
            return '.*';
        }
        // segment.static
        return escapeRegex(segment.static);
    })
        .map((s) => \`(\${s})\`)
        .join('');
    const routeRegex = new RegExp(\`^\${routeRegexStrInner}/?$\`);
    return { segments, routeRegex };
}
function parseRouteString(routeString) {
`,
    },
  },
  {
    // Vike serializes each page's pageContext for the browser (the page's data, the user, the tenant) with
    // @brillout/json-serializer: JSON.stringify with a replacer that, for every value of the tree, copies the
    // value's path and a reversed copy of its type list to look for Dates, Maps, undefined and the like: 4.7% of a
    // member search's CPU (bench/members, decision 042, seventh addendum), where the data are plain JSON.
    // Patched: a value that is plain JSON (null, booleans, finite numbers, strings not starting with "!", arrays
    // and plain objects of those, no deeper than 100) is written by JSON.stringify alone, which gives the same text
    // as the replacer would; anything else (undefined, Dates, functions, React elements, cycles...) takes the
    // original path, errors and all. The original stays exported as stringifyUnpatched, for the test that compares.
    name: 'json-serializer stringify: plain JSON without the per-value replacer',
    pkg: '@brillout/json-serializer',
    file: 'dist/stringify.js',
    from: `function stringify(value, { forbidReactElements, space, valueName, sortObjectKeys, replacer: replacerUserProvided, htmlScriptSafe = true, } = {}) {
`,
    to: `// Patched by scripts/patch-dependencies.mjs: plain JSON is written without the per-value replacer (same text).
function stringify(value, options = {}) {
    if (options.replacer || options.sortObjectKeys || !isPlainJson(value, 0))
        return stringifyUnpatched(value, options);
    let serialized = JSON.stringify(value, null, options.space);
    const htmlScriptSafe = options.htmlScriptSafe === undefined ? true : options.htmlScriptSafe;
    if (htmlScriptSafe) {
        if (htmlScriptSafe === true || htmlScriptSafe.escapeScripts !== false)
            serialized = serialized.replaceAll('<', '\\\\u003c');
        if (htmlScriptSafe === true || htmlScriptSafe.escapeURLs !== false)
            serialized = serialized.replaceAll('/', '\\\\/');
    }
    return serialized;
}
function isPlainJson(value, depth) {
    if (value === null)
        return true;
    switch (typeof value) {
        case 'string':
            return value.charCodeAt(0) !== 33;
        case 'boolean':
            return true;
        case 'number':
            return Number.isFinite(value);
        case 'object': {
            if (depth > 100)
                return false;
            if (Array.isArray(value)) {
                for (let i = 0; i < value.length; i++)
                    if (!isPlainJson(value[i], depth + 1))
                        return false;
                return true;
            }
            const proto = Object.getPrototypeOf(value);
            if (proto !== Object.prototype && proto !== null)
                return false;
            for (const key of Object.keys(value))
                if (!isPlainJson(value[key], depth + 1))
                    return false;
            return true;
        }
        default:
            return false;
    }
}
function stringifyUnpatched(value, { forbidReactElements, space, valueName, sortObjectKeys, replacer: replacerUserProvided, htmlScriptSafe = true, } = {}) {
`,
    extra: { from: `export { stringify };
`, to: `export { stringify, stringifyUnpatched };
` },
  },
  {
    // Vike puts its tags into the rendered document by splitting the whole document: at the opening <head> and
    // at the closing </body> (String.split, then slice() and join() of the parts), and, to indent the tags, splitting
    // the text before and after the spot into all its lines to keep one. On a 68 KB member search that is several
    // copies of the document per request, for the garbage collector (12% of that page's CPU, decision 042, seventh
    // addendum). Patched: the spot is found with indexOf (after the first opening tag) or lastIndexOf (before the
    // last closing tag), and only the line around it is read: the same document (test/api/patch-dependencies.test.ts
    // compares the patched functions with the original algorithm on documents indented, flat, upper case and with
    // the tag twice).
    name: 'vike injectHtmlTags: find the spot and its line without splitting the document',
    pkg: 'vike',
    file: 'dist/server/runtime/renderPageServer/html/injectAssets/injectHtmlTags.js',
    from: `    const currentLineBefore = before.split('\\n').slice(-1)[0];
`,
    to: `    // Patched by scripts/patch-dependencies.mjs: the last line before and the first line after, without splitting.
    const currentLineBefore = before.slice(before.lastIndexOf('\\n') + 1);
`,
    extra: [
      {
        from: `    const htmlParts = htmlString.split(tagInstance);
    assert(htmlParts.length >= 2);
    // Insert \`htmlFragment\` after first \`tagInstance\`
    const before = slice(htmlParts, 0, 1)[0] + tagInstance;
    const after = slice(htmlParts, 1, 0).join(tagInstance);
`,
        to: `    // Patched by scripts/patch-dependencies.mjs: after the first \`tagInstance\`, found without splitting the document.
    const at = htmlString.indexOf(tagInstance) + tagInstance.length;
    const before = htmlString.slice(0, at);
    const after = htmlString.slice(at);
`,
      },
      {
        from: `    const htmlParts = htmlString.split(tagInstance);
    assert(htmlParts.length >= 2);
    // Insert \`htmlFragment\` before last \`tagClosing\`
    const before = slice(htmlParts, 0, -1).join(tagInstance);
    const after = tagInstance + slice(htmlParts, -1, 0);
`,
        to: `    // Patched by scripts/patch-dependencies.mjs: before the last \`tagInstance\`, found without splitting the document.
    const at = htmlString.lastIndexOf(tagInstance);
    const before = htmlString.slice(0, at);
    const after = htmlString.slice(at);
`,
      },
      {
        from: `    const currentLineAfter = after.split('\\n')[0];
`,
        to: `    const lineEnd = after.indexOf('\\n');
    const currentLineAfter = lineEnd === -1 ? after : after.slice(0, lineEnd);
`,
      },
    ],
  },
  {
    // vike computes a page's assets (its scripts, styles and preloads, from the build's manifest) on every request:
    // the manifest walk, the de-duplication and the sort, about 2% of a member search's CPU (decision 042, ninth
    // addendum). In production they depend only on the build's manifest and config, the page's client entries and
    // dependencies, and the base URL. Patched: computed once per build (the manifest object) and such inputs, and
    // every caller gets the same list, frozen with its entries (vike only reads them: it copies what it changes, and
    // a change would throw). Frozen, the list is what the early hints and the page's tags are made from once per
    // page (the patches below; until the nineteenth addendum of decision 042 each request got its own copies).
    // Development is not cached. The original stays exported as getPageAssetsComputed
    // (test/api/patch-dependencies.test.ts compares the two).
    name: 'vike getPageAssets: once per page and build in production',
    pkg: 'vike',
    file: 'dist/server/runtime/renderPageServer/getPageAssets.js',
    from: `async function getPageAssets(pageContext, clientDependencies, clientEntries) {
    const globalContext = pageContext._globalContext;
`,
    to: `// Patched by scripts/patch-dependencies.mjs: in production a page's assets are computed once per build and input.
const pageAssetsMemo = new WeakMap();
async function getPageAssets(pageContext, clientDependencies, clientEntries) {
    const globalContext = pageContext._globalContext;
    const manifest = globalContext.assetsManifest;
    if (!globalContext._isProduction || typeof manifest !== 'object' || manifest === null)
        return getPageAssetsComputed(pageContext, clientDependencies, clientEntries);
    const key = JSON.stringify([pageContext._baseAssets || pageContext._baseServer, clientDependencies, clientEntries]);
    let memo = pageAssetsMemo.get(manifest);
    if (!memo)
        pageAssetsMemo.set(manifest, (memo = new Map()));
    const known = memo.get(key);
    if (known)
        return known;
    const pageAssets = Object.freeze((await getPageAssetsComputed(pageContext, clientDependencies, clientEntries)).map((asset) => Object.freeze({ ...asset })));
    memo.set(key, pageAssets);
    return pageAssets;
}
async function getPageAssetsComputed(pageContext, clientDependencies, clientEntries) {
    const globalContext = pageContext._globalContext;
`,
    extra: { from: 'export { getPageAssets };\n', to: 'export { getPageAssets, getPageAssetsComputed };\n' },
  },
  {
    // Before the user's injectFilter() may run, vike asserts the entries it has just made from the page's assets,
    // building a coloured usage message for each of four checks of each entry whether or not it fails: about 1% of
    // a member search's CPU. No injectFilter() is configured here, and the entries come from vike's own code a few
    // lines above. Patched: the assertion runs in development only; with an injectFilter(), vike still checks the
    // entries after the user's hook as before.
    name: "vike getHtmlTags: assert its own entries in development only",
    pkg: 'vike',
    file: 'dist/server/runtime/renderPageServer/html/injectAssets/getHtmlTags.js',
    from: `    assertInjectFilterEntries(injectFilterEntries);
`,
    to: `    // Patched by scripts/patch-dependencies.mjs: vike's check of the entries it just made, in development only.
    if (!isProduction)
        assertInjectFilterEntries(injectFilterEntries);
`,
  },
  {
    // vike runs every render in an AsyncLocalStorage, for its server-side getPageContext() without an argument and
    // for the request id in its development logs. On Node 20 that storage is async_hooks: once used, a hook runs for
    // every promise the process makes, and each promise and timer made during a render carries the store (and through
    // it the request's pageContext) for as long as it lives: about 2% of a member search's CPU. This project never
    // imports vike/getPageContext (eslint.config.js refuses it).
    // Patched: no storage is made; vike's own code already renders without it when none is available.
    name: 'vike asyncHook: no AsyncLocalStorage around renders',
    pkg: 'vike',
    file: 'dist/server/runtime/asyncHook.js',
    from: `    globalObject.asyncLocalStorage = new mod.AsyncLocalStorage();
`,
    to: `    // Patched by scripts/patch-dependencies.mjs: no AsyncLocalStorage around renders (promise hooks cost every request).
    void mod;
`,
  },
  {
    // V8 keeps a string one byte a character (Latin-1) until a character above U+00FF is in it; a document joined
    // from a two-byte piece is two-byte as a whole: twice the bytes to flatten, scan and copy on every scavenge
    // (decision 042, fifteenth addendum). The renderer writes its markup, styles and title one byte a character
    // (renderer/one-byte.ts); the page context vike serializes into the document carries the page's data and the
    // tenant, whose texts may hold such characters ("ą", "’", an emoji in a member's name).
    // Patched: characters above U+00FF in the serialized page and global context are written as JSON \u escapes (the
    // same values for JSON.parse), and the text is made one byte a character. So are those above U+007F ("Fryslân"):
    // the document stays ASCII, whose UTF-8 encoding before compression is V8's fast path (nineteenth addendum).
    name: 'vike serializeContext: the serialized page context in ASCII',
    pkg: 'vike',
    file: 'dist/server/runtime/renderPageServer/html/serializeContext.js',
    from: `function serializeValue(value, isHtmlJsonScript, varName) {
    return stringify(value, {
`,
    to: `// Patched by scripts/patch-dependencies.mjs: characters above U+007F as \\u escapes, the text ASCII.
const NON_ASCII = /[\\u0080-\\uffff]/;
function serializeValue(value, isHtmlJsonScript, varName) {
    const serialized = serializeValueUnpatched(value, isHtmlJsonScript, varName);
    if (!NON_ASCII.test(serialized))
        return serialized;
    const escaped = serialized.replace(/[\\u0080-\\uffff]/g, (c) => '\\\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
    return Buffer.from(escaped, 'latin1').toString('latin1');
}
function serializeValueUnpatched(value, isHtmlJsonScript, varName) {
    return stringify(value, {
`,
  },
  {
    // V8's young-generation collector (the scavenger) keeps whatever a weak reference reaches, and each object given a
    // getter that is a closure of its own gets a hidden class (map) of its own, held weakly by the map it came from:
    // everything the closure reaches then survives two scavenges and is copied to the old generation (decision 042,
    // seventeenth addendum: a member page promoted ~125 KB a request this way, the scavenges' pauses the p99 tail).
    // vike gives every request's page context a `_pageId` getter closing over that page context.
    // Patched: one getter function for every page context (reading the page context it is called on).
    name: 'vike getPageContextPublicShared: one _pageId getter, not a closure per request',
    pkg: 'vike',
    file: 'dist/shared-server-client/getPageContextPublicShared.js',
    from: `        Object.defineProperty(pageContext, '_pageId', {
            get() {
                assertWarning(false, 'pageContext._pageId has been renamed to pageContext.pageId', {
                    showStackTrace: true,
                    onlyOnce: true,
                });
                return pageContext.pageId;
            },
            enumerable: false,
        });
`,
    to: `        // Patched by scripts/patch-dependencies.mjs: one getter for every page context, not a closure per request.
        Object.defineProperty(pageContext, '_pageId', {
            get: pageIdGetter,
            enumerable: false,
        });
`,
    extra: {
      from: `export { assertPropertyGetters };
`,
      to: `export { assertPropertyGetters };
function pageIdGetter() {
    assertWarning(false, 'pageContext._pageId has been renamed to pageContext.pageId', {
        showStackTrace: true,
        onlyOnce: true,
    });
    return this.pageId;
}
`,
    },
  },
  {
    // The same for the deprecated \`pageExports\` getter vike gives every request's page context (see the patch above).
    // Patched: the value is kept under a symbol (not enumerable: JSON, spread and Object.keys see what they saw) and
    // read by one getter function.
    name: 'vike resolvePageContextConfig: one pageExports getter, not a closure per request',
    pkg: 'vike',
    file: 'dist/shared-server-client/page-configs/resolveVikeConfigPublic.js',
    from: `    objectDefineProperty(pageContextAddendum, 'pageExports', {
        get: () => {
            // We only show the warning in Node.js because when using Client Routing Vue integration uses \`Object.assign(pageContextReactive, pageContext)\` which will wrongully trigger the warning. There is no cross-browser way to catch whether the property accessor was initiated by an \`Object.assign()\` call.
            if (!isBrowser()) {
                assertWarning(false, 'pageContext.pageExports is outdated, use pageContext.exports instead', {
                    onlyOnce: true,
                    showStackTrace: true,
                });
            }
            return pageExports;
        },
        enumerable: false,
        configurable: true,
    });
`,
    to: `    // Patched by scripts/patch-dependencies.mjs: one getter for every page context, not a closure per request.
    Object.defineProperty(pageContextAddendum, pageExportsOf, { value: pageExports, configurable: true });
    objectDefineProperty(pageContextAddendum, 'pageExports', {
        get: pageExportsGetter,
        enumerable: false,
        configurable: true,
    });
`,
    extra: {
      from: `export { resolveGlobalContextConfig };
`,
      to: `export { resolveGlobalContextConfig };
const pageExportsOf = Symbol('pageExports');
function pageExportsGetter() {
    // We only show the warning in Node.js because when using Client Routing Vue integration uses \`Object.assign(pageContextReactive, pageContext)\` which will wrongully trigger the warning. There is no cross-browser way to catch whether the property accessor was initiated by an \`Object.assign()\` call.
    if (!isBrowser()) {
        assertWarning(false, 'pageContext.pageExports is outdated, use pageContext.exports instead', {
            onlyOnce: true,
            showStackTrace: true,
        });
    }
    return this[pageExportsOf];
}
`,
    },
  },
  {
    // The same for the four getters (hash, hashOriginal, hashString, searchString) of every \`pageContext.urlParsed\`
    // vike builds, as an object literal whose getters close over the parsed URL, on every read of urlParsed.
    // Patched: the parsed URL is kept under a symbol (not enumerable) and read by four shared getter functions, with
    // the same keys, order, enumerability and warnings.
    name: 'vike urlParsed: shared getters, not closures per read',
    pkg: 'vike',
    file: 'dist/shared-server-client/getPageContextUrlComputed.js',
    from: `    const hashIsAvailable = isBrowser();
    const warnHashNotAvailable = (prop) => {
        assertWarning(hashIsAvailable, \`pageContext.urlParsed.\${prop} isn't available on the server-side (HTTP requests don't include the URL hash)\`, { onlyOnce: true, showStackTrace: true });
    };
    const urlParsedEnhanced = {
        ...urlParsed,
        get hash() {
            warnHashNotAvailable('hash');
            return urlParsed.hash;
        },
        get hashOriginal() {
            warnHashNotAvailable('hashOriginal');
            return urlParsed.hashOriginal;
        },
        // TO-DO/next-major-release: remove
        get hashString() {
            assertWarning(false, 'pageContext.urlParsed.hashString has been renamed to pageContext.urlParsed.hashOriginal', {
                onlyOnce: true,
                showStackTrace: true,
            });
            warnHashNotAvailable('hashString');
            return urlParsed.hashOriginal;
        },
        // TO-DO/next-major-release: remove
        get searchString() {
            assertWarning(false, 'pageContext.urlParsed.searchString has been renamed to pageContext.urlParsed.searchOriginal', { onlyOnce: true, showStackTrace: true });
            return urlParsed.searchOriginal;
        },
    };
    changeEnumerable(urlParsedEnhanced, 'hashString', false);
    changeEnumerable(urlParsedEnhanced, 'searchString', false);
    if (!hashIsAvailable) {
        changeEnumerable(urlParsedEnhanced, 'hash', false);
        changeEnumerable(urlParsedEnhanced, 'hashOriginal', false);
    }
    return urlParsedEnhanced;
}
`,
    to: `    // Patched by scripts/patch-dependencies.mjs: shared getter functions, not closures per read.
    const hashIsAvailable = isBrowser();
    const urlParsedEnhanced = { ...urlParsed };
    Object.defineProperty(urlParsedEnhanced, urlParsedOf, { value: urlParsed, configurable: true });
    Object.defineProperty(urlParsedEnhanced, 'hash', { get: urlParsedHashGetter, enumerable: hashIsAvailable, configurable: true });
    Object.defineProperty(urlParsedEnhanced, 'hashOriginal', { get: urlParsedHashOriginalGetter, enumerable: hashIsAvailable, configurable: true });
    Object.defineProperty(urlParsedEnhanced, 'hashString', { get: urlParsedHashStringGetter, enumerable: false, configurable: true });
    Object.defineProperty(urlParsedEnhanced, 'searchString', { get: urlParsedSearchStringGetter, enumerable: false, configurable: true });
    return urlParsedEnhanced;
}
const urlParsedOf = Symbol('urlParsed');
function warnHashNotAvailable(prop) {
    assertWarning(isBrowser(), \`pageContext.urlParsed.\${prop} isn't available on the server-side (HTTP requests don't include the URL hash)\`, { onlyOnce: true, showStackTrace: true });
}
function urlParsedHashGetter() {
    warnHashNotAvailable('hash');
    return this[urlParsedOf].hash;
}
function urlParsedHashOriginalGetter() {
    warnHashNotAvailable('hashOriginal');
    return this[urlParsedOf].hashOriginal;
}
// TO-DO/next-major-release: remove
function urlParsedHashStringGetter() {
    assertWarning(false, 'pageContext.urlParsed.hashString has been renamed to pageContext.urlParsed.hashOriginal', {
        onlyOnce: true,
        showStackTrace: true,
    });
    warnHashNotAvailable('hashString');
    return this[urlParsedOf].hashOriginal;
}
// TO-DO/next-major-release: remove
function urlParsedSearchStringGetter() {
    assertWarning(false, 'pageContext.urlParsed.searchString has been renamed to pageContext.urlParsed.searchOriginal', { onlyOnce: true, showStackTrace: true });
    return this[urlParsedOf].searchOriginal;
}
`,
  },
  {
    // The same for every response vike makes (pageContext.httpResponse): its \`body\` and \`contentType\` getters closed
    // over the rendered document, so each document (50-70 KB) was copied to the old generation.
    // Patched: what they read is kept under a symbol (not enumerable) and read by two shared getter functions, with the
    // same keys, order and enumerability; the stream methods stay as they were.
    name: 'vike createHttpResponse: shared body and contentType getters, not closures per response',
    pkg: 'vike',
    file: 'dist/server/runtime/renderPageServer/createHttpResponse.js',
    from: `    return {
        statusCode,
        headers,
        // TO-DO/next-major-release: remove
        get contentType() {
            assertWarning(false, 'pageContext.httpResponse.contentType is deprecated and will be removed in the next major release. Use pageContext.httpResponse.headers instead, see https://vike.dev/migration/0.4.134', { onlyOnce: true });
            return contentType;
        },
        earlyHints,
        get body() {
            return getHttpResponseBody(htmlRender, renderHook);
        },
        ...getHttpResponseBodyStreamHandlers(htmlRender, renderHook),
    };
}
`,
    to: `    // Patched by scripts/patch-dependencies.mjs: shared getter functions, not closures per response.
    const httpResponse = { statusCode, headers };
    Object.defineProperty(httpResponse, httpResponseOf, { value: { contentType, htmlRender, renderHook }, configurable: true });
    Object.defineProperty(httpResponse, 'contentType', { get: httpResponseContentTypeGetter, enumerable: true, configurable: true });
    httpResponse.earlyHints = earlyHints;
    Object.defineProperty(httpResponse, 'body', { get: httpResponseBodyGetter, enumerable: true, configurable: true });
    return Object.assign(httpResponse, getHttpResponseBodyStreamHandlers(htmlRender, renderHook));
}
const httpResponseOf = Symbol('httpResponse');
// TO-DO/next-major-release: remove
function httpResponseContentTypeGetter() {
    assertWarning(false, 'pageContext.httpResponse.contentType is deprecated and will be removed in the next major release. Use pageContext.httpResponse.headers instead, see https://vike.dev/migration/0.4.134', { onlyOnce: true });
    return this[httpResponseOf].contentType;
}
function httpResponseBodyGetter() {
    const { htmlRender, renderHook } = this[httpResponseOf];
    return getHttpResponseBody(htmlRender, renderHook);
}
`,
  },
  {
    // PGlite's answers are parsed on the thread that serves requests (src/db/pglite-thread.server.ts, decision 049):
    // its protocol reader read every text field of every row by copying its bytes into an ArrayBuffer of its own
    // (\`buffer.slice\`) and decoding the copy. A member search's rows are some 400 fields: 400 ArrayBuffers a request,
    // each a separate allocation the garbage collector tracks, the serving thread's most expensive function on PGlite.
    // Patched: the field is decoded from a view of the answer's bytes, the same bytes and the same text; \`bytes()\`,
    // which other messages use, still copies. PGlite is pinned exactly in package.json, as the file is a bundler chunk.
    name: 'pglite protocol reader: text fields decoded in place, not copied first',
    pkg: '@electric-sql/pglite',
    file: 'dist/chunk-Y6PULSM7.js',
    from: 'string(t){return r(this,le).decode(this.bytes(t))}',
    to: 'string(t){/* patched by scripts/patch-dependencies.mjs: decoded in place */let n=r(this,w);return d(this,w,n+t),r(this,le).decode(new Uint8Array(r(this,x).buffer,n,t))}',
  },
  {
    // A page's markup in ASCII (decision 042, nineteenth addendum). React writes text and attribute values through
    // escapeTextForBrowser. One character above U+00FF in any of them (the en dash of "18–99 jaar", the menu's ▾,
    // "Laden…", a member's name) made the whole rendered string two bytes a character, which renderer/one-byte.ts then
    // rewrote whole (fifteenth addendum); and one above U+007F (the footer's ©, "·", "Fryslân") sent the document's
    // UTF-8 encoding, before its compression, down V8's slow path: 100-130 µs for the member search's 58 KB on a
    // 2-CPU EPYC, against 20 µs for ASCII.
    // Patched: such a character is written as a numeric character reference where it occurs (a surrogate pair as its
    // one code point), as one-byte.ts writes it, and text that had one above U+00FF is copied one byte a character; the
    // browser reads the same text. escapeTextForBrowser serves only places where references are read (text, attribute
    // values, <title>, <textarea>, <option>): script and style contents have escapers of their own. The production
    // build only: development (and jest) renders the characters themselves, one-byte.ts rewriting those above U+00FF.
    name: 'react-dom server: characters above U+007F as character references where React escapes text',
    pkg: 'react-dom',
    file: 'cjs/react-dom-server-legacy.node.production.js',
    from: `    text = lastIndex !== index ? html + text.slice(lastIndex, index) : html;
  }
  return text;
`,
    to: `    text = lastIndex !== index ? html + text.slice(lastIndex, index) : html;
    wide && (text = Buffer.from(text, "latin1").toString("latin1"));
  }
  return text;
`,
    extra: [
      {
        from: `  matchHtmlRegExp = /["'&<>]/;
`,
        to: `  matchHtmlRegExp = /["'&<>\\u0080-\\uffff]/;
// Patched by scripts/patch-dependencies.mjs: characters above U+007F as numeric character references, the result one
// byte a character.
`,
      },
      {
        from: `      lastIndex = 0;
    for (index = match.index; index < text.length; index++) {
      switch (text.charCodeAt(index)) {
`,
        to: `      lastIndex = 0,
      wide = !1,
      code;
    for (index = match.index; index < text.length; index++) {
      switch ((code = text.charCodeAt(index))) {
`,
      },
      {
        from: `        default:
          continue;
      }
`,
        to: `        default:
          if (128 > code) continue;
          255 < code && (wide = !0);
          code = text.codePointAt(index);
          match = "&#" + code + ";";
          lastIndex !== index && (html += text.slice(lastIndex, index));
          65535 < code && index++;
          lastIndex = index + 1;
          html += match;
          continue;
      }
`,
      },
    ],
  },
  {
    // A page's early hints are made from its assets on every request (a copy of each asset with its Link header
    // value), though nothing here sends early hints: 0.9% of a member search's serving thread (decision 042,
    // nineteenth addendum). Patched: for a frozen list (production's, from the patched getPageAssets) they are made
    // once and frozen; any other list as before. The original stays as getEarlyHintsComputed (the test compares).
    name: 'vike getEarlyHints: once per page in production',
    pkg: 'vike',
    file: 'dist/server/runtime/renderPageServer/getEarlyHints.js',
    from: `function getEarlyHints(assets) {
    const earlyHints = [];
`,
    to: `// Patched by scripts/patch-dependencies.mjs: a frozen assets list has its early hints made once, frozen.
const earlyHintsMemo = new WeakMap();
function getEarlyHints(assets) {
    if (!Object.isFrozen(assets))
        return getEarlyHintsComputed(assets);
    let earlyHints = earlyHintsMemo.get(assets);
    if (!earlyHints)
        earlyHintsMemo.set(assets, (earlyHints = Object.freeze(getEarlyHintsComputed(assets).map((hint) => Object.freeze(hint)))));
    return earlyHints;
}
function getEarlyHintsComputed(assets) {
    const earlyHints = [];
`,
    extra: { from: 'export { getEarlyHints };\n', to: 'export { getEarlyHints, getEarlyHintsComputed };\n' },
  },
  {
    // getHtmlTags makes, on every request, an entry of each of the page's assets (a copy with where it goes) and the
    // preload tag of each: 2% of a member search's serving thread (decision 042, nineteenth addendum). They depend on
    // the assets, on whether the page is HTML-only and, through the user's injectFilter(), on nothing else. Patched:
    // without an injectFilter(), a frozen list of assets (production's) has its entries made once per kind of page and
    // frozen, and a frozen entry its preload tag (preloadTagOf); the tags that carry the request's CSP nonce (the
    // entry script, the page context's) are still made per request. Anything else as before.
    name: 'vike getHtmlTags: a page’s entries and preload tags once per page in production',
    pkg: 'vike',
    file: 'dist/server/runtime/renderPageServer/html/injectAssets/getHtmlTags.js',
    from: `        injectFilterEntries.push(entry);
    });
`,
    to: `        injectFilterEntries.push(entry);
    });
    // Patched by scripts/patch-dependencies.mjs: kept for the next request of this page (see above).
    if (!memoized && memoizable) {
        for (const entry of injectFilterEntries)
            Object.freeze(entry);
        Object.freeze(injectFilterEntries);
        let memo = injectFilterEntriesMemo.get(pageAssets);
        if (!memo)
            injectFilterEntriesMemo.set(pageAssets, (memo = []));
        memo[isHtmlOnly ? 1 : 0] = injectFilterEntries;
    }
`,
    extra: [
      {
        from: `const stamp = '__injectFilterEntry';
`,
        to: `const stamp = '__injectFilterEntry';
// Patched by scripts/patch-dependencies.mjs: without an injectFilter(), a frozen assets list (production's) has its
// entries made once per kind of page (HTML-only or not), frozen; a frozen entry its preload tag.
const injectFilterEntriesMemo = new WeakMap();
const preloadTags = new WeakMap();
function preloadTagOf(asset) {
    if (!Object.isFrozen(asset))
        return inferPreloadTag(asset);
    let tag = preloadTags.get(asset);
    if (tag === undefined)
        preloadTags.set(asset, (tag = inferPreloadTag(asset)));
    return tag;
}
`,
      },
      {
        from: `    const injectFilterEntries = [];
    pageAssets
`,
        to: `    const memoizable = !injectFilter && Object.isFrozen(pageAssets);
    const memoized = memoizable ? injectFilterEntriesMemo.get(pageAssets)?.[isHtmlOnly ? 1 : 0] : undefined;
    const injectFilterEntries = memoized ?? [];
    if (!memoized)
        pageAssets
`,
      },
      {
        from: `        const htmlTag = asset.isEntry ? inferAssetTag(asset, pageContext) : inferPreloadTag(asset);
`,
        to: `        const htmlTag = asset.isEntry ? inferAssetTag(asset, pageContext) : preloadTagOf(asset);
`,
      },
      {
        from: `        const htmlTag = inferPreloadTag(asset);
        if (!asset.inject)
`,
        to: `        const htmlTag = preloadTagOf(asset);
        if (!asset.inject)
`,
      },
    ],
  },
]

// --check: only verify that every patch is applied (CI, tests); nothing is written.
const checkOnly = process.argv.includes('--check')
const failures = []
for (const patch of PATCHES) {
  // The project's own copy (npm installs direct dependencies at the top of node_modules).
  const file = path.join(process.cwd(), 'node_modules', patch.pkg, patch.file)
  if (!fs.existsSync(file)) {
    failures.push(`${patch.pkg}/${patch.file} is not installed: "${patch.name}" cannot be applied`)
    continue
  }
  const source = fs.readFileSync(file, 'utf8')
  if (source.includes(patch.to)) continue
  // `extra`: one more edit or a list of them, applied before the main one.
  const edits = [...[patch.extra ?? []].flat(), { from: patch.from, to: patch.to }]
  if (checkOnly || !edits.every((e) => source.includes(e.from))) {
    failures.push(checkOnly ? `${patch.pkg}/${patch.file} is not patched: "${patch.name}"` : `${patch.pkg}/${patch.file} has changed: "${patch.name}" does not apply`)
    continue
  }
  // A function replacement: the patched code may contain $ patterns that a replacement string would expand.
  fs.writeFileSync(file, edits.reduce((s, e) => s.replace(e.from, () => e.to), source))
  console.log(`[patch-dependencies] ${patch.name}`)
}
// A patch that does not apply fails the install (and CI): vike and PGlite are pinned exactly in package.json, so this
// only happens when someone upgrades one, and then the patches must be redone against the new version.
if (failures.length) {
  for (const f of failures) console.error(`[patch-dependencies] ${f}`)
  console.error('[patch-dependencies] redo these patches in scripts/patch-dependencies.mjs for the installed versions (docs/decisions/014-ssr-performance.md)')
  process.exit(1)
}
