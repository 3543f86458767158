/**
 * Prints the gzipped size of the JavaScript a phone downloads before the first
 * screen (the entry's initial chunks) and fails the build over the budget.
 */
import { gzipSync } from 'node:zlib';
import type { Compiler } from 'webpack';

export class InitialSizePlugin {
  constructor(private readonly options: { budgetBytes: number; label?: string }) {}

  apply(compiler: Compiler): void {
    compiler.hooks.emit.tap('InitialSizePlugin', (compilation) => {
      let total = 0;
      const lines: string[] = [];
      for (const [name, entrypoint] of compilation.entrypoints) {
        for (const file of entrypoint.getFiles()) {
          if (!file.endsWith('.js')) continue;
          const asset = compilation.getAsset(file);
          if (!asset) continue;
          const gz = gzipSync(asset.source.buffer(), { level: 9 }).length;
          total += gz;
          lines.push(`  ${name}: ${file} ${(gz / 1024).toFixed(1)} KiB gz`);
        }
      }
      const budget = this.options.budgetBytes;
      console.log(`${this.options.label ?? 'Initial JavaScript'}: ${(total / 1024).toFixed(1)} KiB gz (budget ${(budget / 1024).toFixed(0)} KiB)\n${lines.join('\n')}`);
      if (total > budget) {
        compilation.errors.push(new Error(`initial JavaScript ${(total / 1024).toFixed(1)} KiB gz is over the ${(budget / 1024).toFixed(0)} KiB budget`) as never);
      }
    });
  }
}
