/**
 * A strict, namespace-aware XML reader for process models. Safe by construction: a DOCTYPE (and so any
 * entity declaration, external or not) is refused, only the five predefined entities and character
 * references are read, and the size, element count, attribute count and depth are capped. It answers
 * a small tree; it never fetches anything and never evaluates anything.
 */
import { WorkflowError } from './errors';

export interface XmlAttr {
  ns: string | null;
  local: string;
  prefix: string | null;
  value: string;
}

export interface XmlElement {
  ns: string | null;
  local: string;
  prefix: string | null;
  attrs: XmlAttr[];
  children: XmlElement[];
  /** Text and CDATA directly inside this element, joined. */
  text: string;
  line: number;
  column: number;
}

export interface XmlLimits {
  maxChars: number;
  maxElements: number;
  maxDepth: number;
  maxAttributes: number;
}

export const XML_LIMITS: XmlLimits = { maxChars: 2 * 1024 * 1024, maxElements: 20_000, maxDepth: 64, maxAttributes: 64 };

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const NAME = /[A-Za-z_\u00C0-\uFFEF][\w.\-\u00B7\u00C0-\uFFEF]*(?::[A-Za-z_\u00C0-\uFFEF][\w.\-\u00B7\u00C0-\uFFEF]*)?/y;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function parseXml(src: string, limits: XmlLimits = XML_LIMITS): XmlElement {
  if (typeof src !== 'string') throw new WorkflowError('BPMN_NOT_XML', { line: 0, column: 0 });
  if (src.length > limits.maxChars) throw new WorkflowError('BPMN_TOO_LARGE', { limit: `${Math.round(limits.maxChars / 1024)} KiB` });
  let i = src.charCodeAt(0) === 0xfeff ? 1 : 0;
  let elements = 0;

  const lineStarts = [0];
  for (let k = src.indexOf('\n'); k >= 0; k = src.indexOf('\n', k + 1)) lineStarts.push(k + 1);
  const where = (at: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: at - lineStarts[lo] + 1 };
  };
  const fail = (at: number): never => {
    throw new WorkflowError('BPMN_NOT_XML', where(at));
  };

  const decode = (text: string, at: number): string =>
    text.replace(/&([^;&<]*);?/g, (all, body: string) => {
      if (!all.endsWith(';')) return fail(at);
      if (Object.prototype.hasOwnProperty.call(PREDEFINED, body)) return PREDEFINED[body];
      const m = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(body);
      if (!m) return fail(at);
      const cp = m[1] ? parseInt(m[1], 16) : parseInt(m[2], 10);
      if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return fail(at);
      return String.fromCodePoint(cp);
    });

  const skipSpace = () => {
    while (i < src.length && /\s/.test(src[i])) i++;
  };

  /** Skips comments and processing instructions (and the XML declaration); refuses DOCTYPE. */
  const skipMisc = (allowDecl: boolean): void => {
    for (;;) {
      skipSpace();
      if (src.startsWith('<!--', i)) {
        const end = src.indexOf('-->', i + 4);
        if (end < 0) fail(i);
        i = end + 3;
      } else if (src.startsWith('<?', i)) {
        const end = src.indexOf('?>', i + 2);
        if (end < 0) fail(i);
        const target = /^<\?([^\s?]+)/.exec(src.slice(i, end))?.[1] ?? '';
        if (target.toLowerCase() === 'xml' && !(allowDecl && i <= 1)) fail(i);
        i = end + 2;
      } else if (src.startsWith('<!DOCTYPE', i) || src.startsWith('<!doctype', i)) {
        throw new WorkflowError('BPMN_XML_DOCTYPE', where(i));
      } else return;
      allowDecl = false;
    }
  };

  const readName = (): string => {
    NAME.lastIndex = i;
    const m = NAME.exec(src);
    if (!m) fail(i);
    i += m![0].length;
    return m![0];
  };

  type Scope = Map<string, string>;
  const resolve = (prefix: string | null, scopes: Scope[], at: number, isAttr: boolean): string | null => {
    if (prefix === 'xml') return XML_NS;
    if (prefix === null && isAttr) return null;
    const key = prefix ?? '';
    for (let k = scopes.length - 1; k >= 0; k--) if (scopes[k].has(key)) return scopes[k].get(key) || null;
    if (prefix !== null) fail(at);
    return null;
  };

  const split = (qname: string): [string | null, string] => {
    const c = qname.indexOf(':');
    return c < 0 ? [null, qname] : [qname.slice(0, c), qname.slice(c + 1)];
  };

  const parseElement = (scopes: Scope[], depth: number): XmlElement => {
    if (depth > limits.maxDepth) throw new WorkflowError('BPMN_TOO_LARGE', { limit: `${limits.maxDepth} levels` });
    if (++elements > limits.maxElements) throw new WorkflowError('BPMN_TOO_LARGE', { limit: `${limits.maxElements} elements` });
    const start = i;
    if (src[i] !== '<') fail(i);
    i++;
    const qname = readName();
    const raw: { qname: string; value: string; at: number }[] = [];
    const scope: Scope = new Map();
    for (;;) {
      const before = i;
      skipSpace();
      if (src[i] === '/' || src[i] === '>') break;
      if (i === before) fail(i);
      const at = i;
      const aname = readName();
      skipSpace();
      if (src[i] !== '=') fail(i);
      i++;
      skipSpace();
      const quote = src[i];
      if (quote !== '"' && quote !== "'") fail(i);
      const end = src.indexOf(quote, i + 1);
      if (end < 0) fail(i);
      const rawValue = src.slice(i + 1, end);
      if (rawValue.includes('<')) fail(i);
      const value = decode(rawValue, i).replace(/[\t\n\r]/g, ' ');
      i = end + 1;
      if (raw.some((a) => a.qname === aname)) fail(at);
      if (raw.length >= limits.maxAttributes) throw new WorkflowError('BPMN_TOO_LARGE', { limit: `${limits.maxAttributes} attributes` });
      raw.push({ qname: aname, value, at });
      if (aname === 'xmlns') scope.set('', value);
      else if (aname.startsWith('xmlns:')) scope.set(aname.slice(6), value);
    }
    const scopesHere = scope.size ? [...scopes, scope] : scopes;
    const [prefix, local] = split(qname);
    const el: XmlElement = {
      ns: resolve(prefix, scopesHere, start, false),
      local,
      prefix,
      attrs: [],
      children: [],
      text: '',
      ...where(start),
    };
    for (const a of raw) {
      if (a.qname === 'xmlns' || a.qname.startsWith('xmlns:')) continue;
      const [ap, al] = split(a.qname);
      const ns = resolve(ap, scopesHere, a.at, true);
      if (ns === XMLNS_NS) continue;
      if (el.attrs.some((b) => b.ns === ns && b.local === al)) fail(a.at);
      el.attrs.push({ ns, local: al, prefix: ap, value: a.value });
    }
    if (src.startsWith('/>', i)) {
      i += 2;
      return el;
    }
    if (src[i] !== '>') fail(i);
    i++;
    let text = '';
    for (;;) {
      if (i >= src.length) fail(start);
      const lt = src.indexOf('<', i);
      if (lt < 0) fail(start);
      if (lt > i) {
        const chunk = src.slice(i, lt);
        if (chunk.includes(']]>')) fail(i);
        text += decode(chunk, i);
        i = lt;
      }
      if (src.startsWith('</', i)) {
        i += 2;
        const close = readName();
        if (close !== qname) fail(i - close.length);
        skipSpace();
        if (src[i] !== '>') fail(i);
        i++;
        el.text = text;
        return el;
      }
      if (src.startsWith('<!--', i)) {
        const end = src.indexOf('-->', i + 4);
        if (end < 0) fail(i);
        i = end + 3;
      } else if (src.startsWith('<![CDATA[', i)) {
        const end = src.indexOf(']]>', i + 9);
        if (end < 0) fail(i);
        text += src.slice(i + 9, end);
        i = end + 3;
      } else if (src.startsWith('<?', i)) {
        const end = src.indexOf('?>', i + 2);
        if (end < 0) fail(i);
        i = end + 2;
      } else if (src.startsWith('<!', i)) {
        if (/^<!DOCTYPE|^<!ENTITY/i.test(src.slice(i, i + 9))) throw new WorkflowError('BPMN_XML_DOCTYPE', where(i));
        fail(i);
      } else {
        el.children.push(parseElement(scopesHere, depth + 1));
      }
    }
  };

  skipMisc(true);
  if (i >= src.length || src[i] !== '<') fail(i);
  const root = parseElement([], 1);
  skipMisc(false);
  if (i < src.length) fail(i);
  return root;
}

export const attr = (el: XmlElement, local: string, ns: string | null = null): string | undefined =>
  el.attrs.find((a) => a.local === local && a.ns === ns)?.value;
