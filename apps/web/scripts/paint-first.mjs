// After `react-router build`: makes each prerendered page paint as soon as its HTML arrives,
// before its stylesheet and scripts (decision 0063).
//
// Why: the page is complete HTML, yet its first paint waited for the one stylesheet (~14 KB
// compressed, render-blocking), which a slow phone network fetched alongside the ~40 module
// preloads React writes above it: ~2.9 s to first paint in Lighthouse's simulated mobile run.
//
// What each prerendered page gets:
// 1. Critical CSS (beasties, "media-script" strategy): a <style> with every rule whose selector
//    matches an element of the page's HTML, plus the dark theme's variables (the theme script
//    adds `.dark` to <html> before paint, so the static HTML never shows it). The stylesheet
//    <link> stays where React expects it when it hydrates (same rel and href), with
//    media="print" until a small inline script at the end of <body> turns it back to "all". No
//    onload handler, so the CSP needs no 'unsafe-hashes': the script is allowed by its hash like
//    React Router's own inline scripts.
// 2. A <link rel="preload" as="style" fetchpriority="low"> first in <head>, so the full sheet
//    (menus, dialogs, a signed-in header: what React renders beyond the static HTML) is on its
//    way before any script, without competing with the HTML itself.
// 3. Scripts after the first paint: React Router's ~40 <link rel="modulepreload"> leave <head>,
//    and its inline module script, which imported the route modules statically (so they were
//    fetched and run at once), now waits for the first contentful paint, then adds the same
//    preloads and imports the same modules. On a fast connection the scripts used to arrive
//    before the browser had painted, and running them kept the page blank; on a slow one they
//    competed with the HTML for bandwidth. Neither is needed to show a prerendered page.
//
// The SPA fallback is left alone: what it shows is decided in the browser, so it keeps the
// blocking stylesheet.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Beasties from 'beasties';

const client = resolve(dirname(fileURLToPath(import.meta.url)), '../build/client');
const FALLBACK = '__spa-fallback.html';

function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') && entry.name !== FALLBACK ? [full] : [];
  });
}

const beasties = new Beasties({
  path: client,
  publicPath: '/',
  preload: 'media-script',
  // `.dark` (the theme's variables) and the `dark:` variants of elements on the page.
  allowRules: [/(^|[\s,(])\.dark\b/],
  keyframes: 'critical',
  compress: true,
  // Only the linked sheet is reduced; React's style attributes are left as they are.
  reduceInlineStyles: false,
  logLevel: 'warn',
});

/** The stylesheet hrefs a page links, in order. */
function stylesheets(html) {
  return [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)]
    .map((m) => /\bhref="([^"]+\.css)"/.exec(m[0])?.[1])
    .filter(Boolean);
}

function fail(file, why) {
  throw new Error(`${relative(client, file)}: ${why} (has React Router's HTML changed?)`);
}

async function paintFirst(file) {
  const html = readFileSync(file, 'utf8');
  const sheets = stylesheets(html);
  if (sheets.length === 0) fail(file, 'no stylesheet link');

  // beasties marks <html> while it works and leaves the mark behind; React would not expect it.
  let out = (await beasties.process(html)).replace(' data-beasties-container', '');
  const inline = /<style>([\s\S]*?)<\/style>/.exec(out)?.[1] ?? '';
  if (!inline) fail(file, 'no critical CSS was inlined');

  const preloads = sheets
    .map((href) => `<link rel="preload" href="${href}" as="style" fetchpriority="low"/>`)
    .join('');
  out = out.replace(/(<head>\s*<meta charset="utf-8"\/?>)/i, `$1${preloads}`);
  if (!out.includes(preloads)) fail(file, 'no <meta charset> first in <head>');

  const modulePreloads = [];
  out = out.replace(/<link rel="modulepreload" href="([^"]+)"\/?>/g, (_, href) => {
    modulePreloads.push(href);
    return '';
  });
  if (modulePreloads.length === 0) fail(file, 'no module preloads');
  if (out.includes('modulepreload'))
    fail(file, 'a module preload with attributes this script does not know');

  const bootstrap = /(<script type="module" async(?:="")?>)([\s\S]*?)(<\/script>)/.exec(out);
  if (!bootstrap) fail(file, 'no inline module script');
  out = out.replace(
    bootstrap[0],
    bootstrap[1] + afterPaint(bootstrap[2], modulePreloads, file) + bootstrap[3],
  );

  writeFileSync(file, out);
  return { inlineBytes: inline.length, modulePreloads: modulePreloads.length };
}

// How long the scripts wait at most for the first contentful paint (a hidden tab, or a browser
// without paint timing, does not wait at all).
const PAINT_WAIT_LIMIT_MS = 1000;

/**
 * React Router's bootstrap, rewritten to run after the first contentful paint: its static
 * imports (`import "m";`, `import * as x from "m";`) become dynamic ones, in the same order of
 * evaluation (the manifest first, then the route modules together), after the preloads are
 * added back. The rest (route table, entry import) is kept as written.
 */
function afterPaint(script, preloads, file) {
  const staticImport = /^\s*import\s+(?:\*\s+as\s+(\w+)\s+from\s+)?("[^"]+");?\s*$/gm;
  const imports = [...script.matchAll(staticImport)].map((m) => ({ name: m[1], url: m[2] }));
  const rest = script.replace(staticImport, '').trim();
  if (imports.length === 0 || /^\s*import\s/m.test(rest)) fail(file, 'unexpected bootstrap script');
  const [first, ...others] = imports;
  const bind = (list) =>
    `const [${list.map((i) => i.name ?? '').join(',')}]=await Promise.all([${list
      .map((i) => `import(${i.url})`)
      .join(',')}]);`;
  return [
    `await new Promise(function(go){`,
    `var painted=function(){return performance.getEntriesByName('first-contentful-paint').length>0};`,
    `if(document.visibilityState==='hidden'||painted()||!(PerformanceObserver.supportedEntryTypes||[]).includes('paint'))return go();`,
    `new PerformanceObserver(function(_,o){if(painted()){o.disconnect();setTimeout(go)}}).observe({type:'paint',buffered:true});`,
    `setTimeout(go,${PAINT_WAIT_LIMIT_MS})});`,
    `${JSON.stringify([...new Set(preloads)])}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)});`,
    bind([first]),
    others.length ? bind(others) : '',
    rest,
  ].join('\n');
}

const files = htmlFiles(client);
let inlineBytes = 0;
for (const file of files) inlineBytes += (await paintFirst(file)).inlineBytes;
process.stdout.write(
  `paint-first: ${files.length} prerendered pages, critical CSS inline (${(inlineBytes / files.length / 1024).toFixed(1)} KB each on average, before compression), scripts after the first paint\n`,
);
