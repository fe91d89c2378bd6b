// The README and docs/*.md say what is true now: every repository path they name exists, every
// `npm run X` they tell a reader to type is a script of package.json, every link between them lands
// on a file and a heading that exist, and docs/PERFORMANCE.md leads with one row per measure.
// (test/contract/citations.test.ts does the same for the "§N" citations of the source files.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** The repository's files: tracked, plus new ones not yet committed (not ignored ones). */
const FILES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file !== '' && existsSync(join(root, file)));
const FILE_SET = new Set(FILES);
const TOP_LEVEL = new Set(FILES.map((file) => file.split('/')[0]!));

const DOCS = FILES.filter((file) => file === 'README.md' || /^docs\/[^/]+\.md$/.test(file)).sort();

/**
 * Paths the docs name that are not in the repository by design: what the app writes into the data
 * folder and what the build writes into dist/. (Home-folder paths, `~/…` and `%APPDATA%\…`, are
 * never read as repository paths.)
 */
const NOT_IN_THE_REPOSITORY = new Set([
  // the data folder
  'server.json',
  'logs/',
  'logs/crash-dumps/',
  // build outputs (npm run build, npm start, npm run dist)
  'dist/app',
  'dist/cli.mjs',
  'dist/installers/',
]);

/** File name endings that make a bare name (`writes.ts`) a path the reader is meant to find. */
const SOURCE_EXTENSIONS = /[^/]\.(ts|tsx|mjs|cjs|js|json|sql|md|css|yml|yaml|html|png|svg|sh|ics|csv)$/;

type Place = { file: string; line: number };
const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** A document's text with its fenced code blocks blanked out (line numbers kept), and the blocks. */
export function splitCode(text: string): { prose: string; blocks: { text: string; index: number }[] } {
  const blocks: { text: string; index: number }[] = [];
  const prose = text.replace(
    /^(```|~~~)[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm,
    (whole, _fence, body: string, index: number) => {
      blocks.push({ text: body, index });
      return whole.replace(/[^\n]/g, ' ');
    },
  );
  return { prose, blocks };
}

/** The words of a command that start with one of the repository's top-level folders or files. */
function pathWords(command: string, index: number): { path: string; index: number; link: boolean }[] {
  const found: { path: string; index: number; link: boolean }[] = [];
  for (const match of command.matchAll(/(?<=^|[\s=(])([.\w-]+(?:\/[^\s)'"`;|,]*)?)/g)) {
    const path = match[1]!.replace(/[.:]+$/, '');
    if (TOP_LEVEL.has(path.split('/')[0]!) && (path.includes('/') || FILE_SET.has(path)))
      found.push({ path, index: index + match.index, link: false });
  }
  return found;
}

/** What a document names as a path: code spans (which may wrap a line), link targets, command words. */
export function namedPaths(text: string): { path: string; index: number; link: boolean }[] {
  const { prose, blocks } = splitCode(text);
  const found: { path: string; index: number; link: boolean }[] = [];
  for (const match of prose.matchAll(/(?<!`)`([^`]+)`(?!`)/g)) {
    const span = match[1]!.replace(/\s+/g, ' ').trim();
    // A span with spaces is a command or a phrase: the paths in it are its words that are paths.
    if (span.includes(' ')) found.push(...pathWords(span, match.index));
    else found.push({ path: span, index: match.index, link: false });
  }
  for (const match of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g))
    found.push({ path: match[1]!, index: match.index, link: true });
  for (const block of blocks) found.push(...pathWords(block.text, block.index));
  return found;
}

/** Whether a code span's text is meant as a repository path (and not a route, a MIME type, a value). */
export function isRepositoryPath(path: string): boolean {
  if (/[\s<>{}*…|$%~]|:\/\/|NNNN/.test(path) || path.startsWith('/')) return false;
  if (TOP_LEVEL.has(path.split('/')[0]!) && (path.includes('/') || FILE_SET.has(path))) return true;
  return SOURCE_EXTENSIONS.test(path) || (path.endsWith('/') && /^[\w.-]+(\/[\w.-]+)*\/$/.test(path));
}

/** Whether a repository path exists: exactly when it starts at the top, else as a path's tail. */
export function pathExists(path: string): boolean {
  const directory = path.endsWith('/');
  const bare = path.replace(/\/$/, '');
  if (TOP_LEVEL.has(bare.split('/')[0]!))
    return directory
      ? FILES.some((file) => file.startsWith(bare + '/'))
      : FILE_SET.has(bare) || FILES.some((file) => file.startsWith(bare + '/'));
  return directory
    ? FILES.some((file) => file.startsWith(bare + '/') || file.includes('/' + bare + '/'))
    : FILES.some((file) => file === bare || file.endsWith('/' + bare) || file.includes('/' + bare + '/'));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of splitCode(text).prose.split('\n')) {
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const words = heading[1]!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(words) ?? 0;
    seen.set(words, count + 1);
    anchors.add(count === 0 ? words : `${words}-${count}`);
  }
  return anchors;
}

const read = (file: string) => readFileSync(join(root, file), 'utf8');
const where = ({ file, line }: Place) => `${file}:${line}`;

test('the path reader tells repository paths from routes, types and placeholders', () => {
  for (const path of ['server/caldav/xml.ts', 'test/e2e/', 'docs/caldav.md', 'writes.ts', 'api/describe/', '.ci/run'])
    assert.equal(isRepositoryPath(path), true, path);
  for (const path of [
    'svc/events/v1',
    'almanac/v1/series',
    'text/csv',
    '/.well-known/caldav',
    'http://127.0.0.1:8940/caldav/',
    '<data dir>/caldav/',
    'features/<area>/',
    'present-*.ts',
    '~/.local/share/almanac',
    '%APPDATA%\\Almanac',
    'server/db/migrations/NNNN-….sql',
    'npm run dist',
  ])
    assert.equal(isRepositoryPath(path), false, path);
  assert.deepEqual(
    namedPaths(
      'See `server/app.ts` and [CalDAV](caldav.md#share).\n```sh\nnode scripts/run-tests.mjs test/caldav/\n```\n',
    ).map(({ path, link }) => [path, link]),
    [
      ['server/app.ts', false],
      ['caldav.md#share', true],
      ['scripts/run-tests.mjs', false],
      ['test/caldav/', false],
    ],
  );
  assert.equal(
    anchorsOf('## Calendar files: import, export, subscribe\n## Uncached: 0.17–0.29× bare\n## A\n## A').has(
      'calendar-files-import-export-subscribe',
    ),
    true,
  );
  assert.deepEqual([...anchorsOf('## Uncached: 0.17–0.29× bare\n## A\n## A')], ['uncached-017029-bare', 'a', 'a-1']);
});

test('every repository path the README and docs/ name exists', () => {
  const problems: string[] = [];
  let checked = 0;
  for (const file of DOCS) {
    const text = read(file);
    for (const { path, index, link } of namedPaths(text)) {
      if (link) continue; // links are resolved from their own file, below
      if (!isRepositoryPath(path) || NOT_IN_THE_REPOSITORY.has(path)) continue;
      checked++;
      if (!pathExists(path))
        problems.push(`${where({ file, line: lineAt(text, index) })}: \`${path}\` is not in the repository`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(checked > 150, `only ${checked} paths found: is the reader still finding them?`);
});

test('the paths let off are named by the docs and are not in the repository', () => {
  const named = new Set(DOCS.flatMap((file) => namedPaths(read(file)).map(({ path }) => path)));
  for (const path of NOT_IN_THE_REPOSITORY) {
    assert.ok(named.has(path), `${path} is let off but no document names it: drop it from the list`);
    assert.ok(!pathExists(path), `${path} is in the repository: it needs no letting off`);
  }
});

test('every link in the README and docs/ lands on a file, and on a heading of it', () => {
  const problems: string[] = [];
  let checked = 0;
  for (const file of DOCS) {
    const text = read(file);
    for (const { path: target, index, link } of namedPaths(text)) {
      if (!link || /^[a-z]+:/.test(target)) continue; // http:, https:, mailto: point outside
      checked++;
      const place = where({ file, line: lineAt(text, index) });
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const resolved = path === '' ? file : normalize(join(dirname(file), decodeURIComponent(path)));
      if (resolved.startsWith('..') || !existsSync(join(root, resolved))) {
        problems.push(`${place}: ${target} → ${resolved} does not exist`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!resolved.endsWith('.md') || statSync(join(root, resolved)).isDirectory())
        problems.push(`${place}: ${target} has an anchor but ${resolved} is no document`);
      else if (!anchorsOf(read(resolved)).has(anchor)) problems.push(`${place}: ${resolved} has no heading #${anchor}`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(checked > 30, `only ${checked} links found: is the reader still finding them?`);
});

test('every `npm run` command the README and docs/ give is a script of package.json', () => {
  const scripts = new Set(Object.keys((JSON.parse(read('package.json')) as { scripts: object }).scripts));
  const problems: string[] = [];
  let checked = 0;
  for (const file of DOCS) {
    const text = read(file);
    for (const match of text.matchAll(/\bnpm\s+(?:run(?:\s+(?:-s|--silent))?\s+([a-z][\w:.-]*)|(start|test)\b)/g)) {
      checked++;
      const script = match[1] ?? match[2]!;
      if (!scripts.has(script))
        problems.push(`${where({ file, line: lineAt(text, match.index) })}: no script "${script}" in package.json`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(checked > 20, `only ${checked} commands found: is the reader still finding them?`);
});

/** The first table of a document: its header cells and rows of cells. */
export function firstTable(
  text: string,
): { header: string[]; line: number; rows: { cells: string[]; line: number }[] } | undefined {
  const lines = splitCode(text).prose.split('\n');
  const start = lines.findIndex((line, index) => line.startsWith('|') && /^\|[\s:|-]+\|$/.test(lines[index + 1] ?? ''));
  if (start < 0) return undefined;
  const cells = (line: string) =>
    line
      .replace(/^\||\|$/g, '')
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
  const rows: { cells: string[]; line: number }[] = [];
  for (let index = start + 2; lines[index]?.startsWith('|'); index++)
    rows.push({ cells: cells(lines[index]!), line: index + 1 });
  return { header: cells(lines[start]!), line: start + 1, rows };
}

test('docs/PERFORMANCE.md leads with one table that names each measure once', () => {
  const text = read('docs/PERFORMANCE.md');
  const table = firstTable(text);
  assert.ok(table, 'docs/PERFORMANCE.md has no table');
  const headingsBefore = text
    .split('\n')
    .slice(0, table.line - 1)
    .filter((line) => /^##? /.test(line));
  assert.ok(headingsBefore.length <= 2, `the measures table must come first (after ${headingsBefore.join(', ')})`);
  const column = (name: RegExp) => {
    const index = table.header.findIndex((cell) => name.test(cell.toLowerCase()));
    assert.ok(index >= 0, `the table has no column ${name}: ${table.header.join(' | ')}`);
    return index;
  };
  const measure = column(/^measure/);
  const wanted = [/^target/, /^latest/, /floor/, /load|machine/, /^date/].map(column);
  const command = column(/^command/);
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const { cells, line } of table.rows) {
    const name = (cells[measure] ?? '').replace(/[*`]/g, '').replace(/\s+/g, ' ').toLowerCase();
    if (name === '') problems.push(`line ${line}: a row with no measure (one row per measure: no continuation rows)`);
    else if (seen.has(name)) problems.push(`line ${line}: "${name}" is already measured on line ${seen.get(name)}`);
    else seen.set(name, line);
    for (const index of wanted)
      if ((cells[index] ?? '') === '') problems.push(`line ${line}: "${name}" has no ${table.header[index]}`);
    if (!/`(npm |node )[^`]+`/.test(cells[command] ?? ''))
      problems.push(`line ${line}: "${name}" gives no command to reproduce it`);
  }
  assert.deepEqual(problems, []);
  assert.ok(table.rows.length >= 30, `only ${table.rows.length} measures: is the reader still finding the table?`);
});
