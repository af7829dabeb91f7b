/**
 * What the architecture tests read from the source (import-boundaries.test.ts): which modules import which, which
 * files import which, and which files write which tables. Production files only (tests, test kits, the attacker's suite, the cluster
 * harness and the demo seed are left out: they set up what they check).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SRC = fileURLToPath(new URL('../', import.meta.url));

const NOT_PRODUCTION = /(\.test\.ts|-test-kit\.ts)$|^(test|security|multi-instance|db\/seed)\//;

/** Production .ts files under src, as paths relative to it, with their text. */
export function productionFiles(): { path: string; text: string }[] {
  return sourceFiles(SRC, /\.ts$/).filter(({ path }) => !NOT_PRODUCTION.test(path));
}

/** Every file under `root` whose name matches `names` (tests too), as paths relative to it, with their text. */
export function sourceFiles(root: string, names: RegExp, dir = root): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) found.push(...sourceFiles(root, names, full));
    else if (names.test(name)) found.push({ path: relative(root, full), text: readFileSync(full, 'utf8') });
  }
  return found;
}

/** module → the other modules its files import (type imports too), from `modules/<name>/…` files. */
export function moduleGraph(files: { path: string; text: string }[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { path, text } of files) {
    const own = /^modules\/([^/]+)\//.exec(path)?.[1];
    if (!own) continue;
    const uses = graph.get(own) ?? new Set<string>();
    graph.set(own, uses);
    for (const match of text.matchAll(/from '\.\.\/([a-z-]+)\//g)) {
      if (match[1] !== own) uses.add(match[1]!);
    }
  }
  return graph;
}

/** Every cycle of the graph, each as the path that closes it (['a', 'b', 'a']), found once. */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const visit = (node: string, path: string[]) => {
    const at = path.indexOf(node);
    if (at >= 0) {
      const cycle = path.slice(at);
      const key = [...cycle].sort().join(',');
      if (!seen.has(key)) {
        seen.add(key);
        cycles.push([...cycle, node]);
      }
      return;
    }
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
  };
  for (const node of graph.keys()) visit(node, []);
  return cycles;
}

export type GraphOptions = {
  /** What an import may leave out of the file's name: the web writes './board' for './board.tsx'. */
  suffixes?: string[];
  /** Follow a lazy `import('./x')` too (the web's router loads pages so: a page importing the router is a cycle). */
  lazy?: boolean;
  /** Follow `import type` (the server counts them: a type cycle still ties the files together). */
  types?: boolean;
};

const STATIC_IMPORT = /^\s*(import|export)\b([^'";]*?)(?:\bfrom\s*)?'(\.{1,2}\/[^']+)'/gm;
const LAZY_IMPORT = /\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;

/**
 * file → the files it imports (relative `import … from` / `export … from` / bare `import '…'`; with the options, lazy
 * `import()` and type-only imports), as paths relative to the root, only files that are in `files`.
 */
export function fileGraph(
  files: { path: string; text: string }[],
  { suffixes = [''], lazy = false, types = true }: GraphOptions = {},
): Map<string, Set<string>> {
  const paths = new Set(files.map((file) => file.path));
  const resolve = (from: string, spec: string) =>
    suffixes.map((suffix) => normalize(join(dirname(from), spec + suffix))).find((p) => paths.has(p));
  const graph = new Map<string, Set<string>>();
  for (const { path, text } of files) {
    const specs = [...text.matchAll(STATIC_IMPORT)]
      .filter((m) => types || !/^\s*type\b/.test(m[2]!))
      .map((m) => m[3]!);
    if (lazy) specs.push(...[...text.matchAll(LAZY_IMPORT)].map((m) => m[1]!));
    const uses = new Set<string>();
    for (const spec of specs) {
      const target = resolve(path, spec);
      if (target && target !== path) uses.add(target);
    }
    graph.set(path, uses);
  }
  return graph;
}

/**
 * The strongly connected parts of the graph with more than one node (Tarjan): each is a set of files or modules
 * that reach one another, i.e. one or more cycles, sorted. Linear in the graph, unlike cyclesOf's every path.
 */
export function circlesOf(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const circle: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      circle.push(member);
    } while (member !== node);
    if (circle.length > 1) circles.push(circle.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/** The tables an SQL text writes (insert into, update … set, delete from, truncate). */
export function tablesWritten(text: string): string[] {
  const patterns = [
    /\binsert\s+into\s+([a-z_]+)/gi,
    /\bupdate\s+([a-z_]+)\s+set\b/gi,
    /\bdelete\s+from\s+([a-z_]+)/gi,
    /\btruncate\s+(?:table\s+)?([a-z_]+)/gi,
  ];
  return [...new Set(patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1]!)))];
}

/** table → the production files that write it. */
export function tableWriters(files: { path: string; text: string }[]): Map<string, string[]> {
  const writers = new Map<string, string[]>();
  for (const { path, text } of files) {
    for (const table of tablesWritten(text)) writers.set(table, [...(writers.get(table) ?? []), path]);
  }
  return writers;
}
