// A Vite plugin that marks the event editor's chunks for eager compilation (V8's explicit compile
// hints, Chromium 136+: a first line `//# allFunctionsCalledOnLoad`). The editor's code loads at
// idle after the first screen; without the hint V8 compiles each function on the main thread the
// first time it runs, which made the first editor open of a page ~50 ms slower than the next ones
// (bench:ui's p95 is that first open). With it, the compiling happens as the chunks load, off the
// main thread. Only the editor's chunks: they are all used once it opens, which is when eager
// compiling pays. Other engines read the line as a comment.
import type { Plugin } from 'vite';

const HINT = '//# allFunctionsCalledOnLoad\n';

export function compileHints(dynamicEntry: RegExp): Plugin {
  return {
    name: 'almanac-compile-hints',
    apply: 'build',
    // After minification (which would drop the comment); the file names keep their hashes.
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])),
      );
      const start = [...chunks.values()].find(
        (chunk) => chunk.isDynamicEntry && dynamicEntry.test(chunk.facadeModuleId ?? ''),
      );
      if (!start) throw new Error(`compile hints: no dynamic entry matches ${dynamicEntry}`);
      // The entry and what it imports, but not the page's entry chunk (the first screen's code).
      const marked = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || chunk.isEntry || marked.has(fileName)) return;
        marked.add(fileName);
        chunk.imports.forEach(visit);
      };
      visit(start.fileName);
      for (const fileName of marked) chunks.get(fileName)!.code = HINT + chunks.get(fileName)!.code;
    },
  };
}
