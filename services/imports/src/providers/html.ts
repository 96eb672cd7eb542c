// Reservations in HTML (a web page, an email's HTML body): schema.org JSON-LD in
// <script type="application/ld+json"> and microdata (itemscope/itemtype/itemprop),
// read with htmlparser2's DOM. The microdata walk is ours: it is the few rules of
// the HTML microdata spec, and the readers on npm fetch or pull in far more (ADR 0073).
import { Parser, parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { parseJsonLimited } from '../domain/limits';
import { reservationsOf, schemaObjectsOf, type Reservation, type SchemaObject } from '../domain/reservation';

const isElement = (node: ChildNode): node is Element =>
  node.type === 'tag' || node.type === 'script' || node.type === 'style';

function textOf(node: ChildNode): string {
  if (node.type === 'text') return (node as unknown as { data: string }).data;
  if (isElement(node)) return node.children.map(textOf).join('');
  return '';
}

function walk(nodes: ChildNode[], visit: (element: Element) => boolean | void) {
  const stack = [...nodes].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    if (visit(node) === false) continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
}

/**
 * The JSON-LD blocks of a page, read with htmlparser2's streaming parser: no DOM is
 * built for them (a 5 MB booking mail's DOM alone took seconds).
 */
function jsonLdObjects(html: string): SchemaObject[] {
  const objects: SchemaObject[] = [];
  let inJsonLd = false;
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        inJsonLd = name === 'script' && /ld\+json/i.test(attribs.type ?? '');
        text = '';
      },
      ontext(chunk) {
        if (inJsonLd) text += chunk;
      },
      onclosetag(name) {
        if (name !== 'script' || !inJsonLd) return;
        inJsonLd = false;
        if (!text.trim()) return;
        try {
          schemaObjectsOf(parseJsonLimited(text.trim()), objects);
        } catch {
          // One broken block does not hide the others; the document reports what it found.
        }
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  return objects;
}

const URL_PROPS = new Set(['a', 'area', 'link', 'audio', 'embed', 'iframe', 'img', 'source', 'track', 'video']);

function propertyValue(element: Element): unknown {
  if (element.attribs.itemscope !== undefined) return itemOf(element);
  if (element.attribs.content !== undefined) return element.attribs.content;
  if (element.name === 'time' && element.attribs.datetime) return element.attribs.datetime;
  if (URL_PROPS.has(element.name)) return element.attribs.href ?? element.attribs.src ?? '';
  if (element.name === 'meta') return element.attribs.content ?? '';
  return textOf(element).replace(/\s+/g, ' ').trim();
}

/** One microdata item: its type and the properties of its subtree, nested items as objects. */
function itemOf(scope: Element): SchemaObject {
  const item: SchemaObject = {};
  if (scope.attribs.itemtype) item['@type'] = scope.attribs.itemtype.split(/\s+/)[0];
  walk(scope.children, (element) => {
    const names = element.attribs.itemprop;
    if (names) {
      const value = propertyValue(element);
      for (const name of names.split(/\s+/).filter(Boolean)) {
        const before = item[name];
        item[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
      }
    }
    // A nested item's properties are its own.
    return element.attribs.itemscope === undefined;
  });
  return item;
}

function microdataObjects(root: ChildNode[]): SchemaObject[] {
  const items: SchemaObject[] = [];
  walk(root, (element) => {
    if (element.attribs.itemscope !== undefined && element.attribs.itemprop === undefined) {
      items.push(itemOf(element));
      return false;
    }
  });
  return items;
}

/** JSON-LD first; microdata (a DOM, built only for a page that has items) where the page has no JSON-LD reservation. */
export function reservationsInHtml(html: string, file: string): Reservation[] {
  const fromJsonLd = reservationsOf(jsonLdObjects(html), { file, method: 'json-ld' });
  if (fromJsonLd.length || !/\bitemscope\b/i.test(html)) return fromJsonLd;
  const root = parseDocument(html, { decodeEntities: true }).children;
  return reservationsOf(microdataObjects(root), { file, method: 'microdata' });
}

/** The visible text of an HTML document (for the text patterns when it has no markup), streamed. */
export function textOfHtml(html: string): string {
  const parts: string[] = [];
  let hidden = 0;
  const parser = new Parser({
    onopentag(name) {
      if (name === 'script' || name === 'style') hidden++;
      if (['br', 'p', 'div', 'tr', 'li'].includes(name)) parts.push('\n');
    },
    ontext(chunk) {
      if (hidden === 0) parts.push(chunk);
    },
    onclosetag(name) {
      if (name === 'script' || name === 'style') hidden--;
    },
  });
  parser.end(html);
  return parts.join(' ').replace(/[ \t]+/g, ' ');
}
