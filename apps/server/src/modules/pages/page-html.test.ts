import { JSDOM, VirtualConsole } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { isSafeImageUrl, sanitizePageHtml } from './page-html.js';

// The sanitizer against known XSS vectors (the OWASP filter-evasion cheat sheet, mutation XSS
// from DOMPurify's and others' reports, and the style and clobbering tricks a CMS must refuse).
// The output is parsed the way a browser parses it (jsdom's HTML5 parser) and every element and
// attribute is checked against what a page may carry; the same check fails on the raw vectors,
// so it is a check that can fail.

const corpus: string[] = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=javascript:alert('XSS')>`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>">`,
  `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC= onmouseover="alert('xxs')">`,
  `<IMG onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<IMG SRC="jav\tascript:alert('XSS');">`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0D;ascript:alert('XSS');">`,
  `<IMG SRC=" &#14;  javascript:alert('XSS');">`,
  `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`,
  `<IMG SRC="\`<javascript:alert>\`('XSS')"`,
  `<iframe src=http://xss.rocks/scriptlet.html <`,
  `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`,
  `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<IMG DYNSRC="javascript:alert('XSS')">`,
  `<IMG LOWSRC="javascript:alert('XSS')">`,
  `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  `<svg/onload=alert('XSS')>`,
  `<BODY ONLOAD=alert('XSS')>`,
  `<BGSOUND SRC="javascript:alert('XSS');">`,
  `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`,
  `<TABLE BACKGROUND="javascript:alert('XSS')">`,
  `<TABLE><TD BACKGROUND="javascript:alert('XSS')">`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
  `<DIV STYLE="width: expression(alert('XSS'));">`,
  `<BASE HREF="javascript:alert('XSS');//">`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnIj48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+" AllowScriptAccess="always"></EMBED>`,
  `<a href="javascript:alert(1)">x</a>`,
  `<a href="JaVaScRiPt:alert(1)">x</a>`,
  `<a href="&#106;avascript:alert(1)">x</a>`,
  `<a href="jav&#x61;script:alert(1)">x</a>`,
  `<a href=" javascript:alert(1)">x</a>`,
  `<a href="java\u0000script:alert(1)">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<a href="#" onclick="alert(1)">x</a>`,
  `<form action="javascript:alert(1)"><button>go</button></form>`,
  `<button formaction="javascript:alert(1)">x</button>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<svg><style><img src=x onerror=alert(1)></style></svg>`,
  `<template><script>alert(1)</script></template>`,
  `<details open ontoggle=alert(1)>`,
  `<video><source onerror="alert(1)"></video>`,
  `<audio src=x onerror=alert(1)>`,
  `<marquee onstart=alert(1)>x</marquee>`,
  `<object data="javascript:alert(1)">`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<isindex type=image src=1 onerror=alert(1)>`,
  `<xmp><img src=x onerror=alert(1)></xmp>`,
  `<!--<img src="--><img src=x onerror=alert(1)//">`,
  `<![CDATA[<script>alert(1)</script>]]>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<img src="data:text/html,<script>alert(1)</script>">`,
  `<img src="data:image/svg+xml,<svg onload=alert(1)>">`,
  `<img srcset="javascript:alert(1) 1x">`,
  `<div onpointerenter=alert(1)>hover</div>`,
  `<img src="x" style="position:fixed;top:0;left:0;width:100%;height:100%">`,
  `<div class="fixed inset-0 z-50 bg-background">Fake sign-in</div>`,
  `<p id="main" name="main">clobbering the app's own element</p>`,
  `<a href="//evil.example/phish">protocol-relative</a>`,
  `<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>`,
  `<math href="javascript:alert(1)">CLICKME</math>`,
  `<table><tr><td><a href="javascript:alert(1)">in a table</a></td></tr></table>`,
];

const allowedElements = new Set(
  'h1 h2 h3 h4 h5 h6 p br hr blockquote pre code kbd samp em strong b i u s del ins sub sup small mark abbr cite q time span div section article header footer aside figure figcaption ul ol li dl dt dd a img table caption colgroup col thead tbody tfoot tr th td details summary'.split(
    ' ',
  ),
);
const allowedAttributes = new Set(
  'title lang dir href target rel src alt width height loading start reversed type value colspan rowspan scope span datetime cite open'.split(
    ' ',
  ),
);

/** Problems a browser would have with this HTML: each element and attribute that should not be there. */
function problemsIn(html: string): string[] {
  // A silent console: jsdom reports the CSS of raw <style> vectors it cannot parse.
  const { document } = new JSDOM(`<!doctype html><body>${html}`, {
    virtualConsole: new VirtualConsole(),
  }).window;
  const problems: string[] = [];
  for (const el of document.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    const root = el === document.documentElement || el === document.head || el === document.body;
    if (
      !root &&
      (!allowedElements.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml')
    ) {
      problems.push(`element <${tag}>`);
    }
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (!allowedAttributes.has(name)) problems.push(`attribute ${name} on <${tag}>`);
      if (name === 'href' || name === 'src' || name === 'cite') {
        // Browsers drop tabs, newlines and control characters before reading a scheme.
        // eslint-disable-next-line no-control-regex
        const value = attr.value.replace(/[\u0000-\u0020\ufffd]/g, '').toLowerCase();
        const scheme = /^([a-z][a-z0-9+.-]*):/.exec(value)?.[1];
        const ok =
          scheme === undefined
            ? !value.startsWith('//')
            : name === 'src'
              ? ['http', 'https'].includes(scheme) ||
                /^data:image\/(png|jpe?g|gif|webp|avif);/.test(value)
              : ['http', 'https', 'mailto', 'tel'].includes(scheme);
        if (!ok) problems.push(`${name}="${attr.value}" on <${tag}>`);
      }
      if (
        name === 'target' &&
        attr.value === '_blank' &&
        !/noopener/.test(el.getAttribute('rel') ?? '')
      ) {
        problems.push('target=_blank without rel=noopener');
      }
    }
  }
  return problems;
}

describe('the page HTML sanitizer', () => {
  it(`has a corpus of at least 50 known XSS vectors (${corpus.length})`, () => {
    expect(corpus.length).toBeGreaterThanOrEqual(50);
    expect(new Set(corpus).size).toBe(corpus.length);
  });

  it('the check finds the danger in every raw vector (so it can fail)', () => {
    const missed = corpus.filter((vector) => problemsIn(vector).length === 0);
    // A few vectors are only dangerous in old browsers or in another parsing context (a
    // frameset, CDATA in foreign content); the rest must be caught by the check.
    expect(missed.length, missed.join('\n')).toBeLessThanOrEqual(5);
  });

  for (const vector of corpus) {
    it(`neutralises ${vector.slice(0, 90)}`, () => {
      const clean = sanitizePageHtml(vector);
      expect(problemsIn(clean)).toEqual([]);
      expect(clean).not.toMatch(/<\s*script/i);
      expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
      expect(clean).not.toMatch(/javascript:|vbscript:/i);
      // Sanitizing again changes nothing: the render-time pass cannot open a hole the first closed.
      expect(sanitizePageHtml(clean)).toBe(clean);
    });
  }

  it('keeps what a content author needs', () => {
    const html = [
      '<h2>Heading</h2>',
      '<p>Some <strong>bold</strong>, <em>italic</em> and <a href="https://example.com/x?a=1&amp;b=2" title="Example">linked</a> text.</p>',
      '<ul><li>One</li><li>Two</li></ul>',
      '<ol start="3"><li>Three</li></ol>',
      '<blockquote cite="https://example.com">Quote</blockquote>',
      '<pre><code>npm start</code></pre>',
      '<figure><img src="https://cdn.example.com/a.png" alt="A" width="640" height="480"><figcaption>Caption</figcaption></figure>',
      '<img src="/api/samples/portrait/image" alt="Same site">',
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="Inline">',
      '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table>',
      '<p><a href="mailto:hello@example.com">Mail</a> <a href="tel:+15551234">Call</a> <a href="/pricing">Pricing</a> <a href="#faq">FAQ</a></p>',
      '<details><summary>More</summary><p>Hidden</p></details>',
    ].join('');
    const clean = sanitizePageHtml(html);
    for (const kept of [
      '<h2>Heading</h2>',
      '<strong>bold</strong>',
      '<a href="https://example.com/x?a=1&amp;b=2" title="Example">linked</a>',
      '<ol start="3">',
      '<blockquote cite="https://example.com">',
      '<pre><code>npm start</code></pre>',
      'src="https://cdn.example.com/a.png"',
      'width="640"',
      '<figcaption>Caption</figcaption>',
      'src="/api/samples/portrait/image"',
      'src="data:image/png;base64,iVBORw0KGgo="',
      '<th scope="col">A</th>',
      '<td colspan="2">1</td>',
      'href="mailto:hello@example.com"',
      'href="tel:+15551234"',
      'href="/pricing"',
      'href="#faq"',
      '<summary>More</summary>',
    ]) {
      expect(clean).toContain(kept);
    }
    expect(problemsIn(clean)).toEqual([]);
  });

  it('drops scripts with their text but keeps the text of unknown harmless tags', () => {
    expect(sanitizePageHtml('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizePageHtml('<center>kept text</center>')).toBe('kept text');
    expect(sanitizePageHtml('<p style="color:red" class="x" id="y">z</p>')).toBe('<p>z</p>');
  });

  it('opens new tabs without handing over the opener', () => {
    expect(
      sanitizePageHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>'),
    ).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizePageHtml('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>');
  });
});

describe('isSafeImageUrl', () => {
  it('takes http(s) addresses and site paths only', () => {
    expect(isSafeImageUrl('https://cdn.example.com/a.png')).toBe(true);
    expect(isSafeImageUrl('/images/a.png')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example/a.png',
      'data:image/png;base64,AA',
      'a.png',
      'https://',
    ]) {
      expect(isSafeImageUrl(bad), bad).toBe(false);
    }
  });
});
