// @ts-check
// The package map, by kind: the one place that says what a workspace package
// may import and whether it must be deterministic. eslint.config.mjs builds
// its rules from it and the architecture test checks the workspace against
// it, so a new package gets both by declaring its kind in its package.json.

/**
 * The kinds a workspace package can declare in its package.json
 * (`"cx": { "kind": "protocol" }`).
 *
 * @typedef {"leaf" | "protocol" | "host" | "hosted-protocol" | "search" | "viz" | "harness" | "registry" | "app" | "tool"} PackageKind
 */

/**
 * What a kind of package may do.
 *
 * @typedef {object} KindRule
 * @property {string} summary What packages of this kind are, for messages.
 * @property {ReadonlyArray<string>} packages The packages it may import, by name.
 * @property {ReadonlyArray<PackageKind> | "any"} kinds The kinds of package it may import, or "any" for every library.
 * @property {boolean} deterministic Whether the determinism rules apply to its sources.
 * @property {string} why Why an import outside the rule is forbidden (the lint and test message).
 */

/**
 * A package as the map sees it: its name and the kind it declares.
 *
 * @typedef {object} KindedPackage
 * @property {string} name The package name, as in its package.json.
 * @property {string | undefined} kind The declared kind, possibly misspelt or absent.
 */

/**
 * Where a package declares its kind, spelled as a user adds it.
 *
 * When to use: in messages that tell a package author what to add.
 */
export const KIND_FIELD = '"cx": { "kind": "..." }';

/**
 * Every kind and its rule.
 *
 * When to use: to learn what a package of a kind may import
 * (`mayImport` applies it) and whether the determinism lint applies.
 * Gotcha: a rule names packages only where a kind would be too wide (a
 * protocol may use both leaves, the search only the simulator).
 *
 * @example
 * packageKinds.protocol.deterministic; // true
 *
 * @type {Readonly<Record<PackageKind, KindRule>>}
 */
export const packageKinds = {
  leaf: {
    summary: "a leaf (@cx/sim, @cx/check)",
    packages: [],
    kinds: [],
    deterministic: true,
    why: "@cx/sim and @cx/check are leaves: users install @cx/check alone to check histories, and @cx/sim knows no protocol and no checker (protocols plug into it, not the other way round), so a leaf may import no other @cx package.",
  },
  protocol: {
    summary: "a protocol package",
    packages: ["@cx/sim", "@cx/check"],
    kinds: [],
    deterministic: true,
    why: "a protocol package may use only @cx/sim and @cx/check: imports flow downward (docs/ARCHITECTURE.md), so the search, the stories and the harnesses stay protocol-neutral and another protocol plugs in without touching them.",
  },
  host: {
    summary: "the host (@cx/host)",
    packages: ["@cx/sim", "@cx/check"],
    kinds: [],
    deterministic: false,
    why: "@cx/host runs unmodified node code inside the world: it may use @cx/sim (and @cx/check for models) and nothing that builds on protocols. It is the one place that installs virtual timers, clocks and randomness, so the determinism lint does not apply to it; its tests prove the runs it makes are pure functions of the choices.",
  },
  "hosted-protocol": {
    summary: "a hosted protocol (an adapter of code not written for cx)",
    packages: ["@cx/sim", "@cx/check", "@cx/host"],
    kinds: [],
    deterministic: false,
    why: "a hosted protocol adapts a library that was not written for cx: it may use @cx/sim, @cx/check and @cx/host, like a protocol package plus the host. Its node code runs in the host's realms, where timers, clocks and randomness are the world's, so the determinism lint does not apply to it.",
  },
  search: {
    summary: "the search (@cx/search)",
    packages: ["@cx/sim"],
    kinds: [],
    deterministic: true,
    why: "@cx/search sees only choices -> outcome and must never import a protocol or a checker; the protocol side supplies the target (docs/ARCHITECTURE.md).",
  },
  viz: {
    summary: "the renderer (@cx/viz)",
    packages: ["@cx/sim", "@cx/check"],
    kinds: [],
    deterministic: false,
    why: "@cx/viz renders sim traces and check's observations; it must not depend on a protocol or on search.",
  },
  harness: {
    summary: "a harness library (@cx/eval, a test-runner hook)",
    packages: ["@cx/sim", "@cx/check", "@cx/search", "@cx/viz"],
    kinds: [],
    deterministic: false,
    why: "a harness runs whichever protocol it is handed through the plug-in contract, so it may use @cx/sim, @cx/check, @cx/search and @cx/viz but never import a protocol package.",
  },
  registry: {
    summary: "the protocol registry (@cx/protocols)",
    packages: ["@cx/sim"],
    kinds: ["protocol", "hosted-protocol"],
    deterministic: false,
    why: "the protocol registry lists the protocols: it may use @cx/sim and any protocol package, and nothing that builds on protocols.",
  },
  app: {
    summary: "an app",
    packages: [],
    kinds: ["leaf", "protocol", "host", "hosted-protocol", "search", "viz", "harness", "registry"],
    deterministic: false,
    why: "an app may use any library, never another app.",
  },
  tool: {
    summary: "a repository tool",
    packages: [],
    kinds: "any",
    deterministic: false,
    why: "a tool may use any library.",
  },
};

/**
 * The rule a package gets when it declares no kind, or one that does not
 * exist: the strictest one, so nothing escapes the rules while the kind is
 * missing (the architecture test fails until it is declared).
 *
 * When to use: through `ruleOf`, never directly.
 *
 * @type {KindRule}
 */
export const undeclaredKind = {
  summary: "a package with no declared kind",
  packages: [],
  kinds: [],
  deterministic: true,
  why: `this package declares no kind, so it gets the strictest rules (deterministic, no @cx import): add ${KIND_FIELD} to its package.json, one of ${Object.keys(packageKinds).join(", ")}.`,
};

/** Why nothing may import an app. */
export const APP_IMPORT_WHY = "Nothing imports an app: an app is a command, not an API; move what is shared into a library.";

/**
 * Imports the map forbids but the workspace still has, each with its
 * reason. The architecture test fails when one is no longer used, so the
 * list only shrinks.
 *
 * When to use: never to allow a new import; fix the import instead.
 *
 * @type {ReadonlyArray<{ readonly from: string; readonly to: string; readonly why: string }>}
 */
export const knownExceptions = [
  { from: "@cx/cli", to: "@cx/report", why: "`cx report` calls the report app's writer in-process." },
];

/**
 * Whether `kind` is one of the declared kinds.
 *
 * @param {string | undefined} kind
 * @returns {kind is PackageKind}
 */
export function isPackageKind(kind) {
  return kind !== undefined && Object.hasOwn(packageKinds, kind);
}

/**
 * The rule of a package: its kind's, or the strictest one if it declares no
 * valid kind.
 *
 * When to use: to decide whether the determinism lint applies to a package.
 *
 * @example
 * ruleOf({ name: "@cx/raft", kind: "protocol" }).deterministic; // true
 *
 * @param {KindedPackage} pkg
 * @returns {KindRule}
 */
export function ruleOf(pkg) {
  return isPackageKind(pkg.kind) ? packageKinds[pkg.kind] : undeclaredKind;
}

/**
 * What is wrong with a package's declared kind, or undefined when it is one
 * of `packageKinds`.
 *
 * When to use: to fail loudly on a package that would otherwise get rules
 * its author did not choose.
 *
 * @example
 * kindProblem({ name: "@acme/p", kind: undefined }, "packages/p");
 * // '@acme/p (packages/p/package.json) declares no kind: add "cx": { "kind": "..." } ...'
 *
 * @param {KindedPackage} pkg
 * @param {string} dir The package's folder, relative to the repository.
 * @returns {string | undefined}
 */
export function kindProblem(pkg, dir) {
  if (isPackageKind(pkg.kind)) return undefined;
  const where = `${pkg.name} (${dir}/package.json)`;
  const choices = Object.keys(packageKinds).join(", ");
  return pkg.kind === undefined
    ? `${where} declares no kind: add ${KIND_FIELD} to its package.json, one of ${choices}.`
    : `${where} declares the kind "${pkg.kind}", which does not exist: set ${KIND_FIELD} to one of ${choices}.`;
}

/**
 * Why `from` may not import `to`, or undefined when it may.
 *
 * When to use: for every import of a workspace package by another (the
 * architecture test) and to list what a package may import (the lint).
 * Gotcha: an import listed in `knownExceptions` is allowed.
 *
 * @example
 * mayImport({ name: "@acme/p", kind: "protocol" }, { name: "@cx/raft", kind: "protocol" });
 * // "a protocol package may use only @cx/sim and @cx/check: ..."
 *
 * @param {KindedPackage} from
 * @param {KindedPackage} to
 * @returns {string | undefined}
 */
export function mayImport(from, to) {
  if (from.name === to.name) return undefined;
  if (knownExceptions.some((e) => e.from === from.name && e.to === to.name)) return undefined;
  if (to.kind === "app") return APP_IMPORT_WHY;
  const rule = ruleOf(from);
  if (rule.kinds === "any" || rule.packages.includes(to.name)) return undefined;
  if (isPackageKind(to.kind) && rule.kinds.includes(to.kind)) return undefined;
  return rule.why;
}
