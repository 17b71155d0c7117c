// @ts-check
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

const DRAW = "draw it from the choices (ChoiceSource) / read the world's clock (ctx.now()): the deterministic core must be a pure function of its choice sequence";

/** Ambient nondeterminism is forbidden in the deterministic core. */
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

/** DESIGN.md's package map: which @cx packages each one may import. */
const allowed = {
  check: [],
  sim: [],
  raft: ["sim", "check"],
  search: ["sim"],
  viz: ["sim", "check"],
  eval: ["sim", "check", "search", "viz"],
  protocols: ["sim", "raft"],
};
const all = ["sim", "check", "raft", "search", "viz", "eval", "protocols"];
const why = {
  check: "@cx/check is a leaf: users install it alone to check histories, so it may import no other @cx package.",
  sim: "@cx/sim is a leaf: it knows no protocol and no checker; protocols plug into it, not the other way round.",
  raft: "a protocol package may use only @cx/sim and @cx/check (imports flow downward, DESIGN.md).",
  search: "@cx/search sees only choices -> outcome and must never import a protocol or a checker (DESIGN.md); the protocol side supplies the target.",
  viz: "@cx/viz renders sim traces and check violations; it must not depend on a protocol or on search.",
  eval: "@cx/eval runs any protocol plug-in it is given and names none itself (the bench script takes them from @cx/protocols); it may use the other libraries, never an app.",
  protocols: "the protocol registry may use @cx/sim and the protocol packages it lists.",
};

const importRules = Object.entries(allowed).map(([pkg, ok]) => ({
  files: [`packages/${pkg}/src/**/*.ts`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          ...all
            .filter((p) => !ok.includes(p))
            .map((p) => ({ group: [`@cx/${p}`, `@cx/${p}/*`], message: why[pkg] })),
          { group: ["@cx/cli", "@cx/report", "**/apps/**"], message: "Nothing imports an app." },
          { group: ["**/../*/src/**", "**/packages/*/src/**"], message: "Import another package by its name, never by a path into its sources." },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/coverage/**", "results/**", "**/*.config.*", "*.shared.ts", ".turbo/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "max-params": ["error", 3],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-exports": ["error", { restrictDefaultExports: { direct: true, named: true, defaultFrom: true, namedFrom: true, namespaceFrom: true } }],
    },
  },
  {
    files: ["packages/{sim,raft,check,search}/src/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.bench.ts", "**/bench/**"],
    rules: determinism,
  },
  ...importRules,
);
