import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

type Chunk = Pick<Rolldown.OutputChunk, 'type' | 'fileName' | 'isEntry' | 'imports' | 'moduleIds' | 'code'>;
type Bundle = Record<string, Chunk | { type: 'asset'; fileName: string }>;

export interface BundleBudgetOptions {
  /** Largest allowed initial JavaScript of the entry page, in kB (1000 bytes) gzip. */
  budgetKb: number;
  /** Modules that must live only in lazily loaded chunks, e.g. GraphiQL. */
  lazyOnly: { name: string; modules: RegExp };
}

export interface BundleReport {
  initialFiles: string[];
  initialKb: number;
  lazyOnlyFiles: string[];
  lazyOnlyKb: number;
  problems: string[];
}

const gzipKb = (code: string) => gzipSync(code).length / 1000;

function chunksOf(bundle: Bundle): Map<string, Chunk> {
  const chunks = new Map<string, Chunk>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output as Chunk);
  return chunks;
}

/** The entry chunks and everything they import statically: what the browser loads before the first route renders. */
export function initialChunkFiles(bundle: Bundle): string[] {
  const chunks = chunksOf(bundle);
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  return [...seen].sort();
}

export function measureBundle(bundle: Bundle, options: BundleBudgetOptions): BundleReport {
  const chunks = chunksOf(bundle);
  const initialFiles = initialChunkFiles(bundle);
  const initial = new Set(initialFiles);
  const initialKb = initialFiles.reduce((sum, file) => sum + gzipKb(chunks.get(file)!.code), 0);
  const holdsLazyOnly = (chunk: Chunk) => chunk.moduleIds.some((id) => options.lazyOnly.modules.test(id));
  const lazyOnlyFiles = [...chunks.values()].filter(holdsLazyOnly).map((chunk) => chunk.fileName).sort();
  const lazyOnlyKb = lazyOnlyFiles.reduce((sum, file) => sum + gzipKb(chunks.get(file)!.code), 0);

  const problems: string[] = [];
  if (initialKb > options.budgetKb) {
    problems.push(`The login route's initial JavaScript is ${initialKb.toFixed(1)} kB gzip, over the ${options.budgetKb} kB budget.`);
  }
  const leaked = lazyOnlyFiles.filter((file) => initial.has(file));
  if (leaked.length) problems.push(`${options.lazyOnly.name} is in the initial load (${leaked.join(', ')}); it must be lazy.`);
  if (!lazyOnlyFiles.length) problems.push(`${options.lazyOnly.name} was not found in any chunk.`);
  return { initialFiles, initialKb, lazyOnlyFiles, lazyOnlyKb, problems };
}

/** Prints the login route's initial JavaScript (gzip) on every build and fails the build when over budget. */
export function bundleBudget(options: BundleBudgetOptions): Plugin {
  return {
    name: 'slipway-bundle-budget',
    apply: 'build',
    generateBundle(_output, bundle) {
      const report = measureBundle(bundle as Bundle, options);
      console.log(
        `\nBundle budget: login route initial JavaScript ${report.initialKb.toFixed(1)} kB gzip ` +
          `(budget ${options.budgetKb} kB) in ${report.initialFiles.join(', ')}`,
      );
      console.log(
        `Bundle budget: ${options.lazyOnly.name} split out: ${report.lazyOnlyFiles.length} lazy chunk(s), ` +
          `${report.lazyOnlyKb.toFixed(1)} kB gzip (${report.lazyOnlyFiles.join(', ')})\n`,
      );
      if (report.problems.length) this.error(report.problems.join('\n'));
    },
  };
}
