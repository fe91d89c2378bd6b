// The build plugin that marks the event editor's chunks for eager compilation
// (renderer/vite-compile-hints.ts): the editor's chunk and every chunk it imports get the hint as
// their first line, the page's entry chunk and unrelated chunks do not; and in the real build
// (when `npm test` has built the UI) the editor's chunk starts with it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileHints } from '../../renderer/vite-compile-hints.ts';

const HINT = '//# allFunctionsCalledOnLoad\n';

/** A stand-in for Rollup's output bundle (a third-party object): just the fields the plugin reads. */
function chunk(fileName: string, imports: string[], options: { entry?: boolean; dynamic?: string } = {}) {
  return {
    type: 'chunk' as const,
    fileName,
    imports,
    isEntry: options.entry ?? false,
    isDynamicEntry: options.dynamic !== undefined,
    facadeModuleId: options.dynamic ?? null,
    code: `/* ${fileName} */`,
  };
}

function run(bundle: Record<string, ReturnType<typeof chunk>>, entry = /\/EventEditor\.tsx$/) {
  const plugin = compileHints(entry);
  (plugin.generateBundle as (options: unknown, bundle: unknown) => void)({}, bundle);
  return bundle;
}

describe('compile hints', () => {
  it('marks the editor and what it imports, not the entry chunk or others', () => {
    const bundle = run({
      'index.js': chunk('index.js', ['react.js', 'Button.js'], { entry: true }),
      'react.js': chunk('react.js', []),
      'Button.js': chunk('Button.js', ['react.js']),
      'EventEditor.js': chunk('EventEditor.js', ['index.js', 'Fields.js', 'Button.js'], {
        dynamic: '/app/renderer/src/features/events/editor/EventEditor.tsx',
      }),
      'Fields.js': chunk('Fields.js', ['Button.js']),
      'Settings.js': chunk('Settings.js', ['index.js'], {
        dynamic: '/app/renderer/src/features/settings/Settings.tsx',
      }),
    });
    const marked = Object.values(bundle)
      .filter((file) => file.code.startsWith(HINT))
      .map((file) => file.fileName)
      .sort();
    assert.deepEqual(marked, ['Button.js', 'EventEditor.js', 'Fields.js', 'react.js']);
    assert.equal(bundle['EventEditor.js']!.code, `${HINT}/* EventEditor.js */`, 'once, on the first line');
  });

  it('fails the build when the editor chunk is not there (a renamed file must not drop the hint silently)', () => {
    assert.throws(() => run({ 'index.js': chunk('index.js', [], { entry: true }) }), /no dynamic entry/);
  });

  it('the built editor chunk starts with the hint', (t) => {
    const assets = join(import.meta.dirname, '../../dist/renderer/assets');
    if (!existsSync(assets)) return t.skip('the UI is not built (npm test builds it first)');
    const editor = readdirSync(assets).find((name) => /^EventEditor-.*\.js$/.test(name));
    assert.ok(editor, 'an EventEditor chunk');
    assert.ok(readFileSync(join(assets, editor), 'utf8').startsWith(HINT));
    const entry = readdirSync(assets).find((name) => /^index-.*\.js$/.test(name))!;
    assert.ok(!readFileSync(join(assets, entry), 'utf8').startsWith(HINT), 'not the first screen');
  });
});
