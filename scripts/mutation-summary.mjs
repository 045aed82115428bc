#!/usr/bin/env node
/**
 * Sums up StrykerJS JSON reports (reports/mutation/*.json): a Markdown table per
 * file and the list of mutants no test detected. Several reports of the same
 * files (a whole run, then a scoped re-run after new tests) merge mutant by
 * mutant, the later report winning, so a survivor killed later is not counted;
 * when a file's source differs between reports, the later report replaces it.
 *
 *   node scripts/mutation-summary.mjs reports/mutation/api.json reports/mutation/web.json
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error('usage: node scripts/mutation-summary.mjs REPORT.json [REPORT.json ...]');
  process.exit(2);
}

/** file → (mutant key → mutant) */
const files = new Map();
/** file → its source in the report that gave its mutants */
const sources = new Map();
for (const path of paths) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  for (const [file, { mutants, source }] of Object.entries(report.files)) {
    const name = relative(process.cwd(), file) || file;
    // A later report of a file whose source changed since replaces it whole.
    const byKey = sources.get(name) === source ? (files.get(name) ?? new Map()) : new Map();
    sources.set(name, source);
    for (const m of mutants) {
      const { start, end } = m.location;
      byKey.set(`${start.line}:${start.column}-${end.line}:${end.column}:${m.mutatorName}:${m.replacement ?? ''}`, m);
    }
    files.set(name, byKey);
  }
}

const count = (mutants, statuses) => mutants.filter((m) => statuses.has(m.status)).length;
const score = (detected, undetected) =>
  detected + undetected === 0 ? 'n/a' : `${((100 * detected) / (detected + undetected)).toFixed(1)} %`;

const rows = [];
const survivors = [];
let allDetected = 0;
let allUndetected = 0;
for (const name of [...files.keys()].sort()) {
  const mutants = [...files.get(name).values()];
  const detected = count(mutants, DETECTED);
  const undetected = count(mutants, UNDETECTED);
  allDetected += detected;
  allUndetected += undetected;
  const by = (status) => mutants.filter((m) => m.status === status).length;
  rows.push(
    `| ${name} | ${detected + undetected} | ${by('Killed')} | ${by('Timeout')} | ${by('Survived')} | ${by('NoCoverage')} | ${score(detected, undetected)} |`,
  );
  for (const m of mutants.filter((m) => UNDETECTED.has(m.status))) {
    const replacement = (m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 70);
    survivors.push({ name, line: m.location.start.line, text: `${m.mutatorName} → \`${replacement}\``, m });
  }
}

console.log('| File | Mutants | Killed | Timeout | Survived | No coverage | Score |');
console.log('| --- | --: | --: | --: | --: | --: | --: |');
for (const row of rows) console.log(row);
console.log(`| **All** | ${allDetected + allUndetected} | | | | | **${score(allDetected, allUndetected)}** |`);
console.log('\nUndetected mutants (file:line, mutator → replacement, status):\n');
survivors.sort((a, b) => a.name.localeCompare(b.name) || a.line - b.line);
for (const s of survivors) console.log(`- ${s.name}:${s.line} ${s.text} (${s.m.status})`);
