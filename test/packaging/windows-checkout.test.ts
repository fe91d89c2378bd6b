// A Windows checkout passes lint. GitHub's Windows runners check out with core.autocrlf=true;
// without an eol rule every text file arrives with CRLF line endings, Prettier's check (endOfLine:
// lf) reports hundreds of files, and `npm test` — hence the release workflow's installers — stops
// there. Here the repository as it stands (the working tree: what the next commit would hold) is
// committed to a scratch repository, cloned with `git -c core.autocrlf=true clone`, and linted in
// the clone exactly as `npm run lint` does: ESLint, Prettier's check, actionlint.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '../reliability/child-server.ts';

const work = mkdtempSync(join(tmpdir(), 'almanac-crlf-'));
after(() => rmSync(work, { recursive: true, force: true }));

function git(cwd: string, ...args: string[]): string {
  const result = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Almanac tests',
      GIT_AUTHOR_EMAIL: 'tests@almanac.invalid',
      GIT_COMMITTER_NAME: 'Almanac tests',
      GIT_COMMITTER_EMAIL: 'tests@almanac.invalid',
    },
  });
  assert.equal(result.status, 0, `git ${args.join(' ')}\n${result.stderr}`);
  return result.stdout;
}

function run(cwd: string, args: string[]): void {
  const result = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', timeout: 300_000 });
  assert.equal(result.status, 0, `node ${args.join(' ')} in a CRLF checkout:\n${result.stdout}\n${result.stderr}`);
}

const skip = spawnSync('git', ['--version']).status === 0 ? false : 'git is not installed';

test('a clone made with core.autocrlf=true (as on Windows) passes npm run lint', { skip, timeout: 600_000 }, () => {
  // The repository as the next commit would hold it: tracked and new files, not ignored ones.
  const source = join(work, 'source');
  mkdirSync(source);
  const files = git(REPO_ROOT, 'ls-files', '-z', '--cached', '--others', '--exclude-standard')
    .split('\0')
    .filter((file) => file && existsSync(join(REPO_ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(source, file)), { recursive: true });
    cpSync(join(REPO_ROOT, file), join(source, file));
  }
  git(source, 'init', '-q');
  git(source, '-c', 'core.autocrlf=false', 'add', '-A');
  git(source, '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'the working tree');

  const clone = join(work, 'clone');
  git(work, '-c', 'core.autocrlf=true', 'clone', '-q', '-c', 'core.autocrlf=true', source, clone);
  // The clone really is a Windows-style one; calendar fixtures keep the CRLFs they were written
  // with (byte-exact, -text).
  assert.equal(git(clone, 'config', 'core.autocrlf').trim(), 'true');
  const fixture = files.find((file) => file.startsWith('test/fixtures/ics/'));
  if (fixture) assert.ok(readFileSync(join(clone, fixture)).equals(readFileSync(join(REPO_ROOT, fixture))), fixture);

  symlinkSync(join(REPO_ROOT, 'node_modules'), join(clone, 'node_modules'), 'junction');
  run(clone, ['node_modules/eslint/bin/eslint.js', '.']);
  run(clone, ['node_modules/prettier/bin/prettier.cjs', '--check', '.']);
  run(clone, ['scripts/lint-workflows.mjs']);
  // …because the sources came out with LF, as .gitattributes says.
  assert.doesNotMatch(readFileSync(join(clone, 'package.json'), 'utf8'), /\r\n/, 'sources are checked out with LF');
});
