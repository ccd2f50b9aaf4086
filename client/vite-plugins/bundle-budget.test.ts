import { describe, expect, it } from 'vitest';
import { initialChunkFiles, measureBundle } from './bundle-budget';

const chunk = (fileName: string, props: { isEntry?: boolean; imports?: string[]; moduleIds?: string[]; code?: string }) => ({
  type: 'chunk' as const,
  fileName,
  isEntry: props.isEntry ?? false,
  imports: props.imports ?? [],
  moduleIds: props.moduleIds ?? [],
  code: props.code ?? 'export {};',
});

const bundle = {
  'index.js': chunk('index.js', { isEntry: true, imports: ['vendor.js'], code: 'console.log("entry");'.repeat(50) }),
  'vendor.js': chunk('vendor.js', { imports: ['shared.js'] }),
  'shared.js': chunk('shared.js', {}),
  'Console.js': chunk('Console.js', { imports: ['shared.js'] }),
  'GraphiQL.js': chunk('GraphiQL.js', { moduleIds: ['/app/node_modules/graphiql/dist/index.js'] }),
  'style.css': { type: 'asset' as const, fileName: 'style.css' },
};

const lazyOnly = { name: 'GraphiQL', modules: /node_modules\/graphiql\// };

describe('bundle budget', () => {
  it('counts the entry and its static imports, not lazy chunks', () => {
    expect(initialChunkFiles(bundle)).toEqual(['index.js', 'shared.js', 'vendor.js']);
  });

  it('passes within the budget with GraphiQL only in a lazy chunk', () => {
    const report = measureBundle(bundle, { budgetKb: 150, lazyOnly });
    expect(report.problems).toEqual([]);
    expect(report.lazyOnlyFiles).toEqual(['GraphiQL.js']);
    expect(report.initialKb).toBeGreaterThan(0);
  });

  it('fails over the budget', () => {
    const report = measureBundle(bundle, { budgetKb: 0.01, lazyOnly });
    expect(report.problems).toEqual([expect.stringMatching(/over the 0.01 kB budget/)]);
  });

  it('fails when GraphiQL reaches the initial load, or is missing', () => {
    const leaked = { ...bundle, 'vendor.js': chunk('vendor.js', { moduleIds: ['/app/node_modules/graphiql/dist/index.js'] }) };
    expect(measureBundle(leaked, { budgetKb: 150, lazyOnly }).problems).toEqual([expect.stringMatching(/GraphiQL is in the initial load \(vendor.js\)/)]);
    const { 'GraphiQL.js': _gone, ...without } = bundle;
    expect(measureBundle(without, { budgetKb: 150, lazyOnly }).problems).toEqual(['GraphiQL was not found in any chunk.']);
  });
});
