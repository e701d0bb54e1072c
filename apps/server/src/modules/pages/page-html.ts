import sanitizeHtml from 'sanitize-html';

// The one sanitizer of page HTML (decision 0091), run when a page is saved and again whenever
// it is rendered (the API by slug and the HTML document the server sends), so a row written by
// an older rule set or by hand is never trusted. An allow-list: what a content author needs —
// headings, paragraphs, lists, links, images, tables, quotes, code, figures, details — survives;
// everything else is dropped. Scripts, <style>, <iframe>/<object>/<embed>, forms, SVG and MathML
// go with their content; event handlers, style and class attributes are never kept (no style
// tricks: an author cannot overlay the site's own controls with utility classes or CSS); links
// take http(s), mailto and tel; images take http(s) and data: (data: nowhere else); ids and
// names are not kept (they could clobber the app's own elements).

const allowedTags = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'blockquote',
  'pre',
  'code',
  'kbd',
  'samp',
  'em',
  'strong',
  'b',
  'i',
  'u',
  's',
  'del',
  'ins',
  'sub',
  'sup',
  'small',
  'mark',
  'abbr',
  'cite',
  'q',
  'time',
  'span',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'figure',
  'figcaption',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'details',
  'summary',
];

/** Elements removed together with everything inside them. */
const droppedWithContent = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'title',
  'head',
  'button',
  'form',
  'video',
  'audio',
];

/**
 * What an image may load: http(s), a path on this site or relative to the page, or an inline
 * raster image. Nothing that starts oddly (a backtick, a space, a control character) is guessed at.
 */
const imageSource =
  /^(https?:\/\/[^\s/]|\/(?!\/)|[a-z0-9._~-]+(\/|$)|data:image\/(png|jpe?g|gif|webp|avif);)/i;

const options: sanitizeHtml.IOptions = {
  allowedTags,
  nonTextTags: droppedWithContent,
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    '*': ['title', 'lang', 'dir'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    ol: ['start', 'reversed', 'type'],
    li: ['value'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    time: ['datetime'],
    abbr: [],
    q: ['cite'],
    blockquote: ['cite'],
    del: ['datetime'],
    ins: ['datetime'],
    details: ['open'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [],
  allowedStyles: {},
  parseStyleAttributes: false,
  enforceHtmlBoundary: false,
  transformTags: {
    // A link that opens a new tab never hands the opener to the other site.
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.href !== undefined) out.href = attribs.href;
      if (attribs.title !== undefined) out.title = attribs.title;
      if (attribs.lang !== undefined) out.lang = attribs.lang;
      if (attribs.dir !== undefined) out.dir = attribs.dir;
      if (attribs.target === '_blank') {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      } else if (attribs.rel && /^[a-z\s]+$/i.test(attribs.rel)) {
        out.rel = attribs.rel;
      }
      return { tagName, attribs: out };
    },
    // Only data: URLs that are images; the browser would not run anything else from an <img>,
    // but there is no reason to keep it.
    img: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.src !== undefined && !imageSource.test(out.src.trim())) delete out.src;
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Page HTML with everything unsafe removed. Idempotent: sanitizing twice changes nothing. */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** A featured image address the page may show: http(s), or a path on this site. */
export function isSafeImageUrl(url: string): boolean {
  return /^https?:\/\/[^\s/]+\S*$/i.test(url) || /^\/(?!\/)\S*$/.test(url);
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or an attribute value, escaped for HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
