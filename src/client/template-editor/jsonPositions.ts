/**
 * A small, tolerant JSON position scanner: where each JSON pointer of a document starts, so the
 * checker's pointer-based faults (`/groups/0/fields/2/rules/1`) can be shown at their line. It
 * stops quietly at a syntax fault: what was scanned until then still maps.
 */

export interface JsonPosition {
  /** Offset of the value (for a property: of its key, which is where a reader looks). */
  offset: number;
  line: number;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

class Scanner {
  index = 0;
  readonly positions = new Map<string, number>();
  constructor(readonly text: string) {}

  private space(): void {
    while (this.index < this.text.length && /\s/.test(this.text[this.index]!)) this.index++;
  }

  private string(): string {
    // At the opening quote.
    let result = '';
    this.index++;
    while (this.index < this.text.length) {
      const char = this.text[this.index]!;
      if (char === '"') {
        this.index++;
        return result;
      }
      if (char === '\\') {
        const next = this.text[this.index + 1];
        if (next === 'u') {
          result += String.fromCharCode(parseInt(this.text.slice(this.index + 2, this.index + 6), 16));
          this.index += 6;
          continue;
        }
        const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };
        result += escapes[next ?? ''] ?? next ?? '';
        this.index += 2;
        continue;
      }
      result += char;
      this.index++;
    }
    throw new Error('unterminated string');
  }

  value(pointer: string, at?: number): void {
    this.space();
    if (!this.positions.has(pointer)) this.positions.set(pointer, at ?? this.index);
    const char = this.text[this.index];
    if (char === '{') return this.object(pointer);
    if (char === '[') return this.array(pointer);
    if (char === '"') {
      this.string();
      return;
    }
    const literal = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(this.text.slice(this.index, this.index + 64));
    if (!literal) throw new Error('unexpected character');
    this.index += literal[0].length;
  }

  private object(pointer: string): void {
    this.index++;
    this.space();
    if (this.text[this.index] === '}') {
      this.index++;
      return;
    }
    for (;;) {
      this.space();
      if (this.text[this.index] !== '"') throw new Error('expected a key');
      const keyAt = this.index;
      const key = this.string();
      this.space();
      if (this.text[this.index] !== ':') throw new Error('expected a colon');
      this.index++;
      this.value(`${pointer}/${escapePointer(key)}`, keyAt);
      this.space();
      const next = this.text[this.index++];
      if (next === '}') return;
      if (next !== ',') throw new Error('expected a comma');
    }
  }

  private array(pointer: string): void {
    this.index++;
    this.space();
    if (this.text[this.index] === ']') {
      this.index++;
      return;
    }
    for (let i = 0; ; i++) {
      this.value(`${pointer}/${i}`);
      this.space();
      const next = this.text[this.index++];
      if (next === ']') return;
      if (next !== ',') throw new Error('expected a comma');
    }
  }
}

/** Offsets of every pointer the (possibly broken) text defines up to its first syntax fault. */
export function scanPointers(text: string): Map<string, number> {
  const scanner = new Scanner(text);
  try {
    scanner.value('');
  } catch {
    // A half-typed document: keep what was found.
  }
  return scanner.positions;
}

/** 1-based line of an offset. */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * The line a pointer's fault belongs on; a pointer the document lacks (a missing property) is
 * shown at its nearest existing parent.
 */
export function lineOfPointer(text: string, pointer: string, positions = scanPointers(text)): number {
  let current = pointer;
  for (;;) {
    const offset = positions.get(current);
    if (offset !== undefined) return lineOfOffset(text, offset);
    if (current === '') return 1;
    current = current.slice(0, current.lastIndexOf('/'));
  }
}
