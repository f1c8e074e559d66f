/** The 软文 sanitiser: what an attacker writes never reaches the stored HTML; what an editor writes does. */
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps the editor’s formatting, links and images', () => {
    const html =
      '<h2>头皮护理</h2><p><strong>每周</strong>一次，<em>温水</em>冲洗。<br></p><ul><li>一</li></ul>' +
      '<p><a href="https://zb.cn/a?x=1&amp;y=2" target="_blank">详情</a> <img src="/files/3" alt="封面" width="300"></p>';
    expect(sanitizeHtml(html)).toBe(
      '<h2>头皮护理</h2><p><strong>每周</strong>一次，<em>温水</em>冲洗。<br></p><ul><li>一</li></ul>' +
        '<p><a href="https://zb.cn/a?x=1&amp;y=2" target="_blank" rel="noopener noreferrer">详情</a> <img src="/files/3" alt="封面" width="300"></p>',
    );
  });

  it('removes scripts and styles with their content, event handlers and style attributes', () => {
    expect(sanitizeHtml('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeHtml('<SCRIPT src=//x.js></SCRIPT ><p>c</p>')).toBe('<p>c</p>');
    expect(sanitizeHtml('<p>d<script>never closed')).toBe('<p>d');
    expect(sanitizeHtml('<style>p{color:red}</style><p style="color:red" onclick="x()">e</p>')).toBe('<p>e</p>');
    expect(sanitizeHtml('<img src="/f/1" onerror="alert(1)">')).toBe('<img src="/f/1">');
    expect(sanitizeHtml('<img src=x onerror=alert(1)//>')).toBe('<img>');
    expect(sanitizeHtml('<svg onload=alert(1)><circle/></svg>f')).toBe('f');
    expect(sanitizeHtml('<iframe src="https://evil"></iframe><!-- <script>x</script> -->g')).toBe('g');
  });

  it('drops javascript: and other unsafe addresses however they are written', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'javascript&colon;alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'vbscript:x',
      'data:text/html;base64,PHNjcmlwdD4=',
      '//evil.example/x',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(sanitizeHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('<img>');
    expect(sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe(
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
    );
  });

  it('drops unknown tags but keeps their text, and escapes what could open a tag', () => {
    expect(sanitizeHtml('<form action="/x"><input value="1">h</form>')).toBe('h');
    expect(sanitizeHtml('1 < 2 > 0 & <b>ok</b>')).toBe('1 &lt; 2 &gt; 0 &amp; <b>ok</b>');
    expect(sanitizeHtml('<a title="&quot;><script>x</script>">t</a>')).toBe('<a title="">"&gt;t</a>');
    expect(sanitizeHtml('<<script>script>alert(1)<</script>/script>')).toBe('');
  });
});
