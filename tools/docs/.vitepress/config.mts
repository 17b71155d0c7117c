import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { defineConfig, type DefaultTheme } from "vitepress";
import { githubSlug } from "../src/links.js";
import { sections } from "./sidebar.js";

const REPOSITORY = "https://github.com/cx-sim/cx";
const docs = resolve(import.meta.dirname, "..", "..", "..", "docs");
const root = dirname(docs);
/** The pages live outside this package, where Node cannot find its dependencies: resolve Vue from here. */
const vue = dirname(createRequire(import.meta.url).resolve("vue/package.json"));

/** The API reference's sidebar, written by typedoc-vitepress-theme (`pnpm run api`). */
function apiSidebar(): DefaultTheme.SidebarItem[] {
  const file = join(docs, "api", "typedoc-sidebar.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as DefaultTheme.SidebarItem[]) : [];
}

/**
 * A link from a page of docs/ to a file outside it (an example, a package's
 * README, a source file) becomes a link to that file in the repository, so
 * the same Markdown reads on GitHub and on the site. The link check
 * (`pnpm docs:links`) has already made sure the file exists.
 */
function repositoryLink(href: string, page: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:|^\/\/|^#|^\//i.test(href)) return undefined;
  const [path = "", anchor] = href.split("#", 2);
  const target = resolve(dirname(join(docs, page)), decodeURIComponent(path));
  const inDocs = relative(docs, target);
  if (!inDocs.startsWith("..") && !inDocs.startsWith(sep)) return undefined;
  const inRepo = relative(root, target).split(sep).join("/");
  const kind = existsSync(target) && statSync(target).isDirectory() ? "tree" : "blob";
  return `${REPOSITORY}/${kind}/main/${inRepo}${anchor === undefined ? "" : `#${anchor}`}`;
}

export default defineConfig({
  title: "cx",
  description: "A deterministic simulator that hunts for the schedule that breaks a consensus protocol, shrinks it and tells its story.",
  srcDir: docs,
  outDir: "./dist",
  cleanUrls: true,
  lastUpdated: false,
  markdown: {
    // The anchors GitHub gives headings, so one link works in both places.
    anchor: { slugify: githubSlug },
    config(md) {
      md.core.ruler.push("cx-repository-links", (state) => {
        const page = (state.env as { relativePath?: string }).relativePath ?? "";
        for (const token of state.tokens) {
          for (const child of token.children ?? []) {
            if (child.type !== "link_open") continue;
            const href = child.attrGet("href");
            const to = href === null ? undefined : repositoryLink(href, page);
            if (to !== undefined) child.attrSet("href", to);
          }
        }
      });
    },
  },
  // The local search index of the API reference makes one large chunk; that is expected.
  vite: { resolve: { alias: [{ find: /^vue($|\/)/, replacement: `${vue}$1` }] }, build: { chunkSizeWarningLimit: 4096 } },
  themeConfig: {
    nav: [
      { text: "Guides", link: "/guide/hunt" },
      { text: "Concepts", link: "/concepts/choice-sequence" },
      { text: "Commands", link: "/reference/cli" },
      { text: "API", link: "/api/" },
      { text: "Results", link: "/results" },
    ],
    sidebar: [...sections.map((s) => ({ text: s.text, items: [...s.items] })), { text: "API", link: "/api/", items: apiSidebar() }],
    outline: [2, 3],
    search: { provider: "local" },
    socialLinks: [{ icon: "github", link: REPOSITORY }],
  },
});
