/**
 * Two of jsdom's own lookups made fast without changing what they answer (issue #38). Measured on a factor-dialog test
 * (CPU profile of its worker): together they were half of its CPU.
 *
 * - **Selectors of the style rules.** `getComputedStyle` (testing-library's visibility check in every `*ByRole` query,
 *   user-event's `pointer-events` check before every click) matches the element against every style rule in the page.
 *   jsdom's selector engine (nwsapi) keeps the compiled selectors in a cache of 1,000; MUI's emotion styles are a few
 *   thousand rules, scanned in the same order each time, so the cache missed on every rule and compiled each selector
 *   anew with `Function` (a third of the test's CPU). Here the caches keep every compiled selector: the same functions
 *   nwsapi would compile again, keyed by the same selector text, emptied when nwsapi empties them.
 * - **A label's control** (`label.control`, behind `input.labels`, which `*ByLabelText` and the accessible name of
 *   `*ByRole` read for every input): jsdom walks the whole document for the element whose id the label's `for` names.
 *   The document keeps its attached elements by id (what `getElementById` reads); when exactly one attached element
 *   has that id and is in the document's tree, it is the one the walk would find; when none has it, the walk finds
 *   none. Anything else (several such elements, a label outside the document) takes jsdom's own walk.
 *
 * Both reach into jsdom's internals, which vitest's jsdom environment loaded from this same package: a jsdom upgrade
 * that moves them fails here loudly rather than silently going slow again.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface Cache {
  get(key: string): unknown;
  set(key: string, value: unknown): unknown;
  has(key: string): boolean;
  clear(): void;
  size(): number;
}
interface SelectorEngine {
  matchLambdas: Cache;
  matchResolvers: Cache;
  selectLambdas: Cache;
  selectResolvers: Cache;
}
interface NodeImpl {
  nodeType: number;
  getRootNode(options: object): NodeImpl;
  hasAttributeNS(namespace: null, name: string): boolean;
  getAttributeNS(namespace: null, name: string): string | null;
}
interface DocumentImpl extends NodeImpl {
  _ids: Record<string, NodeImpl[] | undefined>;
  _nwsapi?: SelectorEngine;
  _nwsapiDontThrow?: SelectorEngine;
}

const jsdomModule = <T>(path: string): T => require(`jsdom/lib/jsdom/living/${path}`) as T;
const { implForWrapper } = jsdomModule<{ implForWrapper(wrapper: unknown): DocumentImpl }>('generated/utils.js');
const { isLabelable } = jsdomModule<{ isLabelable(node: NodeImpl): boolean }>('helpers/form-controls.js');
const labelImpl = jsdomModule<{ implementation: { prototype: object } }>('nodes/HTMLLabelElement-impl.js')
  .implementation.prototype;

function keepEverything(cache: Cache) {
  const entries = new Map<string, unknown>();
  cache.get = (key) => entries.get(key);
  cache.set = (key, value) => (entries.set(key, value), value);
  cache.has = (key) => entries.has(key);
  cache.clear = () => entries.clear();
  cache.size = () => entries.size;
}

const documentImpl = implForWrapper(document);
if (!documentImpl?._ids) throw new Error('jsdom internals moved: tests/ui/jsdom-speed.ts needs a look');
// jsdom makes its two selector engines on first use: one for style rules, one for querySelector and matches.
getComputedStyle(document.documentElement);
document.documentElement.matches('html');
for (const engine of [documentImpl._nwsapiDontThrow, documentImpl._nwsapi]) {
  if (!engine?.matchResolvers) throw new Error('jsdom internals moved: tests/ui/jsdom-speed.ts needs a look');
  for (const cache of [engine.matchLambdas, engine.matchResolvers, engine.selectLambdas, engine.selectResolvers])
    keepEverything(cache);
}

const walkedControl = Object.getOwnPropertyDescriptor(labelImpl, 'control')?.get;
if (!walkedControl) throw new Error('jsdom internals moved: tests/ui/jsdom-speed.ts needs a look');
Object.defineProperty(labelImpl, 'control', {
  configurable: true,
  get(this: NodeImpl) {
    const id = this.hasAttributeNS(null, 'for') ? this.getAttributeNS(null, 'for') : null;
    const root = this.getRootNode({}) as DocumentImpl;
    if (id && root.nodeType === Node.DOCUMENT_NODE) {
      const withId = root._ids[id] ?? [];
      if (withId.length === 0) return null;
      const [only] = withId;
      if (withId.length === 1 && only!.getRootNode({}) === root) return isLabelable(only!) ? only : null;
    }
    return walkedControl.call(this);
  },
});
