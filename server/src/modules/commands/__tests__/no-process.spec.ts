import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Node modules through which code can start another process or run code outside this one. */
const FORBIDDEN = /^(node:)?(child_process|worker_threads|cluster|vm)$/;
/** Runtime imports only: `import type` is erased and loads nothing. */
const IMPORT = /(?:import|export)\s(?!type\s)[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s*['"]([^'"]+)['"]|require\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** Every module the commands module loads at runtime, following the server's own files. */
function reachableImports(): { files: Set<string>; external: Map<string, string> } {
  const files = new Set<string>();
  const external = new Map<string, string>();
  const queue = sourceFiles(MODULE_DIR);
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? match[4];
      if (specifier.startsWith('.')) queue.push(path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts'));
      else external.set(specifier, path.relative(MODULE_DIR, file));
    }
  }
  return { files, external };
}

describe('the console never starts a process', () => {
  it('imports no process-spawning module anywhere in its module graph', () => {
    const { files, external } = reachableImports();
    expect(files.size).toBeGreaterThan(10);
    expect(external.has('typeorm')).toBe(true);
    const offending = [...external].filter(([specifier]) => FORBIDDEN.test(specifier));
    expect(offending).toEqual([]);
  });

  it('would notice such an import', () => {
    const probe = [
      "import { execSync } from 'node:child_process';",
      'import cp from "child_process";',
      "import type { Worker } from 'worker_threads';",
      "const { fork } = await import('node:cluster');",
      "const vm = require('vm');",
    ].join('\n');
    const found = [...probe.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? match[4]);
    expect(found.filter((specifier) => FORBIDDEN.test(specifier))).toEqual(['node:child_process', 'child_process', 'node:cluster', 'vm']);
  });
});
