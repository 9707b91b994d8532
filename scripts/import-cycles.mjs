// Import circles (issue #21 §1, decision 051): `npm run check:cycles`.
// Reads every .ts/.tsx file of the project with the TypeScript compiler's parser (no type checking, a
// few seconds), resolves each import the way tsconfig.json does (the `~/` and `@core/` aliases
// included) and lists the circles among worker/, app/ and core/: each group of files that reach one
// another through imports (a strongly connected component), with one path around it. Type-only
// imports count too: they are erased at run time, but a circle of types still ties the files together.
// It also lists imports that reach into another services area past its index.
// Exits 1 when a circle touches worker/services/ or the EPP client, or an area is entered past its
// index; circles elsewhere are reported only (the app's components have theirs, owned elsewhere).
//   node scripts/import-cycles.mjs [--root=DIR] [--quiet]
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const root = path.resolve(args.find((a) => a.startsWith('--root='))?.slice(7) ?? '.');
const quiet = args.includes('--quiet');
const SCOPES = ['worker', 'app', 'core'];
const STRICT = ['worker/services/', 'worker/adapters/registry/epp/'];
const SKIP = new Set(['node_modules', 'build', '.wrangler', '.git', 'test-results', 'playwright-report']);

const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);

function walk(dir, out) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const rel = (file) => path.relative(root, file).split(path.sep).join('/');
const files = SCOPES.filter((s) => fs.existsSync(path.join(root, s))).flatMap((s) => walk(path.join(root, s), []));
const known = new Set(files);

/** The project files a file imports (static, `export … from`, `import()` and `import('…')` types). */
function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specs = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) specs.push(node.moduleSpecifier.text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) specs.push(node.argument.literal.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) specs.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  const out = new Set();
  for (const spec of specs) {
    const resolved = ts.resolveModuleName(spec, file, options, ts.sys).resolvedModule?.resolvedFileName;
    if (resolved && known.has(path.resolve(resolved))) out.add(path.resolve(resolved));
  }
  return [...out];
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));

// Tarjan's strongly connected components, iteratively (deep import chains would overflow the stack).
function components() {
  let index = 0;
  const idx = new Map(), low = new Map(), onStack = new Set(), stack = [], found = [];
  for (const start of files) {
    if (idx.has(start)) continue;
    const work = [[start, 0]];
    idx.set(start, index); low.set(start, index); index++; stack.push(start); onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [v, i] = frame;
      const next = graph.get(v)[i];
      if (next !== undefined) {
        frame[1]++;
        if (!idx.has(next)) {
          idx.set(next, index); low.set(next, index); index++; stack.push(next); onStack.add(next);
          work.push([next, 0]);
        } else if (onStack.has(next)) low.set(v, Math.min(low.get(v), idx.get(next)));
        continue;
      }
      work.pop();
      if (work.length) { const parent = work[work.length - 1][0]; low.set(parent, Math.min(low.get(parent), low.get(v))); }
      if (low.get(v) === idx.get(v)) {
        const comp = [];
        let w;
        do { w = stack.pop(); onStack.delete(w); comp.push(w); } while (w !== v);
        if (comp.length > 1 || graph.get(v).includes(v)) found.push(comp);
      }
    }
  }
  return found;
}

/** One way around a component: the shortest path from its first file back to itself. */
function oneCircle(comp) {
  const inside = new Set(comp);
  const start = [...comp].sort()[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v)) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const pathBack = [start];
        for (let x = v; x !== null; x = prev.get(x)) pathBack.push(x);
        return pathBack.reverse().map(rel);
      }
      if (!prev.has(w)) { prev.set(w, v); queue.push(w); }
    }
  }
  return [rel(start)];
}

const circles = components().map((comp) => ({ files: comp.map(rel).sort(), around: oneCircle(comp) }));
const strict = circles.filter((c) => c.files.some((f) => STRICT.some((s) => f.startsWith(s))));

// The services rule: another area's services only through that area's index.
const areaOf = (f) => /^worker\/services\/([^/]+)\/([^/]+)$/.exec(f);
const past = [];
for (const [file, targets] of graph) {
  const from = rel(file);
  if (/\.test\.tsx?$/.test(from)) continue;
  for (const t of targets) {
    const to = areaOf(rel(t));
    if (!to || /^index\.tsx?$/.test(to[2])) continue;
    if (from.startsWith(`worker/services/${to[1]}/`)) continue;
    past.push(`${from} -> ${rel(t)}`);
  }
}

const byScope = Object.fromEntries(SCOPES.map((s) => [s, circles.filter((c) => c.files.some((f) => f.startsWith(`${s}/`))).length]));
console.log(`import circles: ${circles.length} (${circles.reduce((n, c) => n + c.files.length, 0)} files) — ${SCOPES.map((s) => `${s}/ ${byScope[s]}`).join(', ')}`);
for (const c of circles) {
  const mark = strict.includes(c) ? '✗' : '·';
  console.log(`${mark} ${c.files.length} files: ${c.around.join(' -> ')}`);
  if (!quiet && c.files.length > c.around.length - 1) console.log(`    all: ${c.files.join(', ')}`);
}
if (past.length) {
  console.log(`\n${past.length} import(s) past a services area's index:`);
  for (const p of past) console.log(`✗ ${p}`);
}
if (strict.length || past.length) {
  console.error(`\n${strict.length} circle(s) in worker/services or the EPP client; ${past.length} import(s) past an area's index (decision 051).`);
  process.exit(1);
}
