// @ts-check
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import { APP_IMPORT_WHY, mayImport, ruleOf } from "./tools/architecture/src/package-kinds.mjs";
import { findWorkspacePackages } from "./tools/architecture/src/workspace-packages.mjs";

const DRAW = "draw it from the choices (ChoiceSource) / read the world's clock (ctx.now()): the deterministic core must be a pure function of its choice sequence";

/** Ambient nondeterminism is forbidden in every package whose kind is deterministic. */
const determinism = {
  "no-restricted-properties": [
    "error",
    { object: "Math", property: "random", message: `Math.random is ambient randomness: ${DRAW}.` },
    { object: "Date", property: "now", message: `Date.now reads the wall clock: ${DRAW}.` },
    { object: "performance", property: "now", message: `performance.now reads the wall clock: ${DRAW}.` },
    { object: "crypto", property: "getRandomValues", message: `crypto randomness: ${DRAW}.` },
    { object: "crypto", property: "randomUUID", message: `crypto randomness: ${DRAW}.` },
    { object: "crypto", property: "randomInt", message: `crypto randomness: ${DRAW}.` },
    { object: "crypto", property: "randomBytes", message: `crypto randomness: ${DRAW}.` },
  ],
  "no-restricted-globals": [
    "error",
    { name: "setTimeout", message: `Real timers are nondeterministic: use ctx.setTimer; ${DRAW}.` },
    { name: "setInterval", message: `Real timers are nondeterministic: use ctx.setTimer; ${DRAW}.` },
    { name: "setImmediate", message: `Real timers are nondeterministic: ${DRAW}.` },
    { name: "performance", message: `performance reads the wall clock: ${DRAW}.` },
  ],
  "no-restricted-syntax": [
    "error",
    { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: `new Date() reads the wall clock: ${DRAW}.` },
    { selector: "ImportDeclaration[source.value=/^(node:)?crypto$/]", message: `crypto is ambient randomness: ${DRAW}.` },
    { selector: "ImportDeclaration[source.value=/^(node:)?perf_hooks$/]", message: `perf_hooks reads the wall clock: ${DRAW}.` },
  ],
};

const root = import.meta.dirname;
const workspace = findWorkspacePackages(root);
const apps = workspace.filter((p) => p.kind === "app").map((p) => p.name);
/** @typedef {import("./tools/architecture/src/workspace-packages.mjs").WorkspaceManifest} WorkspaceManifest */
/** @param {WorkspaceManifest} pkg */
const sources = (pkg) => [`${pkg.dir}/src/**/*.{ts,tsx,mts,cts,js,mjs,cjs}`];

/** Tests and benchmarks: they may time themselves and use more than the package ships with. */
const TESTS = ["**/*.test.*", "**/*.bench.*", "**/bench/**"];

/** No file over 450 lines, tests and benchmarks included: past that, split it by concept. */
const fileSize = { "max-lines": ["error", { max: 450 }] };
/** No function over 120 lines in what a package ships (a test's `describe` callback may be longer). */
const functionSize = { "max-lines-per-function": ["error", { max: 120 }] };

/**
 * The import rules of one package, from its declared kind
 * (tools/architecture/src/package-kinds.mjs): in what it ships, any @cx
 * package outside what its kind allows is reported with the kind's reason;
 * everywhere, an app and a path into another package's sources are.
 *
 * @param {WorkspaceManifest} pkg
 */
function importRules(pkg) {
  const rule = ruleOf(pkg);
  const allowed = workspace.filter((to) => to.kind !== "app" && mayImport(pkg, to) === undefined).map((to) => to.name);
  const importedApps = apps.filter((app) => mayImport(pkg, { name: app, kind: "app" }) !== undefined);
  const unlisted = (/** @type {string[]} */ names) => names.flatMap((n) => [`!${n}`, `!${n}/**`]);
  const always = [
    ...(importedApps.length > 0 ? [{ group: importedApps.flatMap((n) => [n, `${n}/**`]), message: APP_IMPORT_WHY }] : []),
    { group: ["**/apps/**"], message: APP_IMPORT_WHY },
    { group: ["**/../*/src/**", "**/packages/*/src/**"], message: "Import another package by its name, never by a path into its sources." },
  ];
  // Every @cx name (a package that does not exist yet included) and every other workspace package, less what the kind allows.
  const others = workspace.filter((to) => !to.name.startsWith("@cx/") && to.name !== pkg.name).flatMap((to) => [to.name, `${to.name}/**`]);
  const byKind = rule.kinds === "any" ? [] : [{ group: ["@cx/*", "@cx/*/**", ...others, ...unlisted(allowed), ...unlisted(apps)], message: rule.why }];
  return [
    { files: sources(pkg), ignores: TESTS, rules: { "no-restricted-imports": ["error", { patterns: [...byKind, ...always] }] } },
    { files: TESTS.map((glob) => `${pkg.dir}/src/${glob}`), rules: { "no-restricted-imports": ["error", { patterns: always }] } },
  ];
}

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/coverage/**", "results/**", "**/*.config.*", "*.shared.ts", ".turbo/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Set explicitly: more than one workspace (a temp copy in a test) may be linted in one process.
    languageOptions: { globals: { ...globals.node }, parserOptions: { tsconfigRootDir: root } },
    rules: {
      "max-params": ["error", 3],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-exports": ["error", { restrictDefaultExports: { direct: true, named: true, defaultFrom: true, namedFrom: true, namespaceFrom: true } }],
    },
  },
  ...workspace
    .filter((pkg) => ruleOf(pkg).deterministic)
    .map((pkg) => ({ files: sources(pkg), ignores: TESTS, rules: determinism })),
  ...workspace.flatMap(importRules),
  { files: workspace.flatMap((pkg) => [`${pkg.dir}/**/*.{ts,tsx,mts,cts,js,mjs,cjs}`]), rules: fileSize },
  { files: workspace.flatMap(sources), ignores: [...TESTS, "**/test/**"], rules: functionSize },
);
