// Running Debian's Python (not another python3 that may come first on PATH, without Debian's
// packages) for checks against independent implementations; a test skips, saying why, when a
// module is missing (scripts/ensure-debian-tools.mjs installs them on Debian).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const PYTHON = '/usr/bin/python3';

/** A reason to skip when `module` cannot be imported, else false. */
export function pythonMissing(module: string): string | false {
  if (!existsSync(PYTHON)) return `${PYTHON} is not installed`;
  const check = spawnSync(PYTHON, ['-c', `import ${module}`]);
  return check.status === 0 ? false : `the Python module ${module} is not installed (Debian: python3-${module})`;
}

/** Runs `script` with `input` as JSON on stdin; returns its stdout parsed as JSON. */
export function runPython<T>(script: string, input: unknown): T {
  const result = spawnSync(PYTHON, ['-c', script], { input: JSON.stringify(input), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`python failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}
