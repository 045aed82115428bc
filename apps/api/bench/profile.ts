import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The parts of V8's .cpuprofile format we read. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Where the server's time went: self time per function, and per package
 * (node_modules/<name>, our src, or node itself), from the profile that
 * `node --cpu-prof` wrote on exit.
 */
export function summarizeProfiles(dir: string, top = 25): string[] {
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main
  // thread, the one serving requests. The others are worker threads (the
  // store's search and import workers; tsx's module loader too): each told
  // only when it was busy for a second or more (issue 21's import worker).
  const files = readdirSync(dir)
    .map((file) => ({ file, thread: /\.\d+\.(\d+)\.\d+\.cpuprofile$/.exec(file)?.[1] }))
    .filter((entry): entry is { file: string; thread: string } => entry.thread !== undefined)
    .sort((a, b) => Number(a.thread) - Number(b.thread));
  const lines: string[] = [];
  for (const { file, thread } of files) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    const byFunction = new Map<string, number>();
    const byPackage = new Map<string, number>();
    // Shares are of busy time: the API idles while the floor and ceiling are measured.
    let total = 0;
    let idle = 0;
    profile.samples.forEach((id, i) => {
      const frame = byNode.get(id);
      const micros = profile.timeDeltas[i] ?? 0;
      if (!frame) return;
      if (frame.functionName === '(idle)') {
        idle += micros;
        return;
      }
      total += micros;
      const where = `${frame.functionName || '(anonymous)'} ${place(frame)}`;
      byFunction.set(where, (byFunction.get(where) ?? 0) + micros);
      byPackage.set(packageOf(frame), (byPackage.get(packageOf(frame)) ?? 0) + micros);
    });
    if (thread !== '0' && total < 1e6) continue;
    const share = (micros: number) => `${((100 * micros) / total).toFixed(1).padStart(5)}%`;
    lines.push(
      ...(lines.length > 0 ? [''] : []),
      `Profile ${path.join(dir, file)}${thread === '0' ? '' : ` (worker thread ${thread})`}: ` +
        `${(total / 1e6).toFixed(1)} s busy (start-up included), ${(idle / 1e6).toFixed(1)} s idle`,
      '',
      'Self time by package, share of busy time:',
    );
    for (const [name, micros] of ranked(byPackage, 12)) lines.push(`  ${share(micros)}  ${name}`);
    lines.push('', `Top ${top} functions by self time:`);
    for (const [name, micros] of ranked(byFunction, top)) lines.push(`  ${share(micros)}  ${name}`);
  }
  return lines;
}

function ranked(totals: Map<string, number>, count: number): [string, number][] {
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/**
 * Where a function is. Lines only for JavaScript files: tsx compiles our
 * TypeScript without a source map the profiler reads, so its lines would lie.
 */
function place(frame: CpuProfile['nodes'][number]['callFrame']): string {
  if (!frame.url) return '(native)';
  const url = shortUrl(frame.url);
  return url.endsWith('.ts') ? url : `${url}:${frame.lineNumber + 1}`;
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const apps = url.indexOf('/apps/');
  if (apps >= 0) return url.slice(apps + 1);
  const packages = url.indexOf('/packages/');
  return packages >= 0 ? url.slice(packages + 1) : url.replace('file://', '');
}

function packageOf(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const { url, functionName } = frame;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url.slice(url.lastIndexOf('node_modules/')));
  if (modules?.[1]) return modules[1];
  if (url.includes('/apps/api/src/')) return 'apps/api/src';
  // The compiled server: our code and the bundled @smart-zone/types.
  if (url.includes('/apps/api/dist/')) return 'apps/api/dist';
  if (url.includes('/packages/')) return 'packages/types';
  if (url.startsWith('node:')) return 'node (JS)';
  // Empty url: V8/native work — (garbage collector), (program), (idle), native calls.
  return functionName.startsWith('(') ? functionName : 'native';
}
