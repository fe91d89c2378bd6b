// Every "§N" a source file cites must name a section that exists: "contract §6" in
// contract/api-contract.md, "spec §4.2" in contract/service-spec.md, "reference §1.9" in
// contract/tec-reference.md. RFC citations ("RFC 5545 §3.1") point outside and are left alone;
// a "§" with no document before it on its line is an error (the reader cannot tell which).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const DOCUMENTS = {
  contract: 'contract/api-contract.md',
  spec: 'contract/service-spec.md',
  reference: 'contract/tec-reference.md',
} as const;
type Document = keyof typeof DOCUMENTS;

/** The section numbers of a document's headings: "## 6. Writes" → 6, "### 4.2 Events" → 4.2. */
function sectionsOf(file: string): Set<string> {
  const sections = new Set<string>();
  for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
    const match = /^#{2,4}\s+(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (match) sections.add(match[1]!);
  }
  return sections;
}

/** What a line cites: each "§" with the document named last before it ("RFC" included). */
export function citationsIn(line: string): { document: Document | 'rfc' | undefined; sections: string[] }[] {
  const found: { document: Document | 'rfc' | undefined; sections: string[] }[] = [];
  const cite = /§\s?(\d+(?:\.\d+)*)(?:\s?[–-]\s?(\d+(?:\.\d+)*))?/g;
  for (let match = cite.exec(line); match; match = cite.exec(line)) {
    const before = line.slice(0, match.index).toLowerCase();
    const names = [...before.matchAll(/\b(contract|spec|reference|rfc)(?:'s)?\b/g)];
    const last = names.at(-1)?.[1] as Document | 'rfc' | undefined;
    const [, from, to] = match;
    // "§4.3–4.4" cites both ends; "§6–7" too.
    found.push({ document: last, sections: to ? [from!, to] : [from!] });
  }
  return found;
}

const SOURCES = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.cjs', '*.js', '*.md'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  // The documents themselves, the history in docs/, and this file's own examples are not citations.
  .filter(
    (file) =>
      file !== '' &&
      !file.startsWith('contract/') &&
      !file.startsWith('docs/') &&
      file !== 'test/contract/citations.test.ts',
  );

test('the citation reader tells the document of each section it finds', () => {
  assert.deepEqual(citationsIn('// as the contract says (§6–7) and spec §4.2'), [
    { document: 'contract', sections: ['6', '7'] },
    { document: 'spec', sections: ['4.2'] },
  ]);
  assert.deepEqual(citationsIn('RFC 5545 §3.1'), [{ document: 'rfc', sections: ['3.1'] }]);
  assert.deepEqual(citationsIn('see §5'), [{ document: undefined, sections: ['5'] }]);
});

test('every section a source file cites exists in the contract documents', () => {
  const sections = Object.fromEntries(
    Object.entries(DOCUMENTS).map(([name, file]) => [name, sectionsOf(file)]),
  ) as Record<Document, Set<string>>;
  const problems: string[] = [];
  let cited = 0;
  for (const file of SOURCES) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const { document, sections: numbers } of citationsIn(line)) {
        if (document === 'rfc') continue;
        if (document === undefined) {
          problems.push(`${file}:${index + 1}: "§${numbers.join('–')}" names no document (contract, spec, reference)`);
          continue;
        }
        cited++;
        for (const number of numbers)
          if (!sections[document].has(number))
            problems.push(`${file}:${index + 1}: ${document} §${number} does not exist in ${DOCUMENTS[document]}`);
      }
    });
  }
  assert.deepEqual(problems, []);
  assert.ok(cited > 50, `only ${cited} citations found: is the reader still finding them?`);
});
