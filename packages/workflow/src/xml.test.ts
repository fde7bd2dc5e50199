import { describe, expect, it } from 'vitest';
import { errorOf } from './test-helpers';
import { attr, parseXml } from './xml';

describe('strict XML reader', () => {
  it('reads namespaces, attributes, text, CDATA and entities', () => {
    const root = parseXml(
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- c --><a:r xmlns:a="urn:a" xmlns="urn:d" x='1 &amp; 2'><b a:y="&#x4e2d;&#25991;">t &lt; <![CDATA[<raw> & ]]></b><c xmlns="urn:c"/><?pi ok?></a:r>`,
    );
    expect(root).toMatchObject({ ns: 'urn:a', local: 'r', prefix: 'a' });
    expect(attr(root, 'x')).toBe('1 & 2');
    const [b, c] = root.children;
    expect(b).toMatchObject({ ns: 'urn:d', local: 'b', text: 't < <raw> & ' });
    expect(attr(b, 'y', 'urn:a')).toBe('中文');
    expect(c.ns).toBe('urn:c');
  });

  it('refuses a DOCTYPE, so no entity (external or expanding) is ever declared', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>`;
    expect(errorOf(() => parseXml(xxe))).toMatchObject({ code: 'BPMN_XML_DOCTYPE', params: { line: 1 } });
    const laughs = `<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><r>&lol2;</r>`;
    expect(errorOf(() => parseXml(laughs)).code).toBe('BPMN_XML_DOCTYPE');
    // An undeclared entity is an error, never a lookup.
    expect(errorOf(() => parseXml('<r>&x;</r>')).code).toBe('BPMN_NOT_XML');
  });

  it.each([
    ['', 1, 1],
    ['not xml', 1, 1],
    ['<r>', 1, 1],
    ['<r></s>', 1, 6],
    ['<r a="1" a="2"/>', 1, 10],
    ['<r a=1/>', 1, 6],
    ['<r a="<"/>', 1, 6],
    ['<r/><r/>', 1, 5],
    ['<r>\n<x:y/></r>', 2, 1],
    ['<r>&#0;</r>', 1, 4],
    ['<r>]]></r>', 1, 4],
    ['<r><!-- x </r>', 1, 4],
    ['<r/>\n<?xml version="1.0"?>', 2, 1],
  ])('refuses %j with its place', (text, line, column) => {
    expect(errorOf(() => parseXml(text))).toEqual({ code: 'BPMN_NOT_XML', params: { line, column } });
  });

  it('caps size, elements, depth and attributes', () => {
    const limits = { maxChars: 1000, maxElements: 10, maxDepth: 5, maxAttributes: 3 };
    expect(errorOf(() => parseXml(`<r>${' '.repeat(1000)}</r>`, limits)).code).toBe('BPMN_TOO_LARGE');
    expect(errorOf(() => parseXml(`<r>${'<a/>'.repeat(10)}</r>`, limits))).toMatchObject({ code: 'BPMN_TOO_LARGE', params: { limit: '10 elements' } });
    expect(errorOf(() => parseXml(`${'<a>'.repeat(6)}${'</a>'.repeat(6)}`, limits))).toMatchObject({ params: { limit: '5 levels' } });
    expect(errorOf(() => parseXml('<r a="1" b="2" c="3" d="4"/>', limits))).toMatchObject({ params: { limit: '3 attributes' } });
    // The default cap: 2 MiB.
    expect(errorOf(() => parseXml(`<r>${'x'.repeat(2 * 1024 * 1024)}</r>`)).code).toBe('BPMN_TOO_LARGE');
  });

  it('reads a document of 19,000 elements', () => {
    const big = `<r>${'<a x="1">t</a>\n'.repeat(19_000)}</r>`;
    expect(parseXml(big).children).toHaveLength(19_000);
  });
});
