// The serving process's V8 settings (server/heap-tuning.ts). Their memory effect is measured by the
// bench (RSS right after a load and after it settles); here: the decision rule, and that the
// quiet-time collection is really available without leaving `gc` exposed to other code.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import {
  fullCollection,
  shouldCollectWhenQuiet,
  tuneHeapForServing,
  youngGrowthFactor,
} from '../../server/heap-tuning.ts';

const MiB = 1024 * 1024;

describe('heap tuning for the serving process', () => {
  it('collects only when the young generation grew and the process has gone quiet', () => {
    assert.equal(shouldCollectWhenQuiet({ youngBytes: 32 * MiB, cpuMicros: 3_000 }), true);
    // Still busy: a collection would only add a pause.
    assert.equal(shouldCollectWhenQuiet({ youngBytes: 32 * MiB, cpuMicros: 900_000 }), false);
    // Already small (V8 starts it at 1 MiB; after a collection it is back there): nothing to give back.
    assert.equal(shouldCollectWhenQuiet({ youngBytes: 1 * MiB, cpuMicros: 0 }), false);
  });

  it('stops the young generation growing at 2 × 8 MiB and lets it grow again below', () => {
    assert.equal(youngGrowthFactor(1 * MiB), 2);
    assert.equal(youngGrowthFactor(8 * MiB), 2);
    assert.equal(youngGrowthFactor(16 * MiB), 1);
    assert.equal(youngGrowthFactor(32 * MiB), 1);
  });

  it('can run a full collection in a process started without --expose-gc', () => {
    const collect = fullCollection();
    assert.equal(typeof collect, 'function');
    collect!();
  });

  it('sets up without exposing gc() to other contexts, and stops cleanly', () => {
    const stop = tuneHeapForServing();
    try {
      assert.equal(typeof stop, 'function');
      assert.equal(vm.runInNewContext('typeof gc'), 'undefined');
    } finally {
      stop();
    }
  });
});
