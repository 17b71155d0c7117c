import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/** One link that points nowhere: the file it is in, its line, the target as written and why it is broken. */
export interface BrokenLink {
  readonly file: string;
  readonly line: number;
  readonly target: string;
  readonly reason: string;
}

/** A link as written in a Markdown file, with the line it is on. */
export interface MarkdownLink {
  readonly target: string;
  readonly line: number;
}

/**
 * The anchor GitHub gives a heading (and the site, which is configured to
 * use the same): lower case, punctuation other than `-` and `_` removed,
 * each space a hyphen.
 *
 * Gotchas: inline code and emphasis markers are dropped with the other
 * punctuation, so "Any protocol: `--protocol`" is `any-protocol---protocol`.
 */
export function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Lines of `markdown` outside fenced code blocks, with their 1-based numbers. */
function proseLines(markdown: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let fence: string | undefined;
  markdown.split("\n").forEach((text, index) => {
    const opening = /^\s*(```+|~~~+)/.exec(text);
    if (opening !== null) {
      const marker = opening[1] as string;
      if (fence === undefined) fence = marker;
      else if (marker.startsWith(fence)) fence = undefined;
      return;
    }
    if (fence === undefined) out.push({ text, line: index + 1 });
  });
  return out;
}

/**
 * The anchors of a Markdown document's headings, numbered as GitHub numbers
 * repeats (`setup`, `setup-1`, ...), plus any `<a id="...">` or `{#id}`.
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (heading !== null) {
      const explicit = /\{#([\w-]+)\}\s*$/.exec(heading[1] as string);
      if (explicit !== null) {
        anchors.add(explicit[1] as string);
        continue;
      }
      const base = githubSlug(heading[1] as string);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const m of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1] as string);
  }
  return anchors;
}

/**
 * The inline links and images of a Markdown document (`[text](target)`,
 * `![alt](target)`) and HTML `href`/`src` attributes, outside code fences
 * and inline code.
 */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const { text, line } of proseLines(markdown)) {
    const prose = text.replace(/(`+)[^`]*?\1/g, "");
    for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: m[1] as string, line });
    for (const m of prose.matchAll(/\b(?:href|src)="([^"]+)"/g)) links.push({ target: m[1] as string, line });
  }
  return links;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Every broken internal link in `files` (paths relative to `root`): a
 * relative target that does not exist, or an anchor that no heading of the
 * target (or of the file itself, for `#anchor`) has. External links
 * (`https:`, `mailto:`) are not fetched. A link may not leave `root`.
 */
export function checkLinks(root: string, files: readonly string[]): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (path: string): Set<string> => {
    let found = anchorsOf.get(path);
    if (found === undefined) {
      found = headingAnchors(readFileSync(path, "utf8"));
      anchorsOf.set(path, found);
    }
    return found;
  };
  for (const file of files) {
    const path = join(root, file);
    for (const { target, line } of markdownLinks(readFileSync(path, "utf8"))) {
      if (EXTERNAL.test(target)) continue;
      const report = (reason: string) => broken.push({ file, line, target, reason });
      const [pathPart = "", anchor] = target.split("#", 2) as [string, string | undefined];
      if (pathPart.startsWith("/")) {
        report("a link from the repository root only works on one site: write it relative to the file");
        continue;
      }
      const resolved = pathPart === "" ? path : resolve(dirname(path), decodeURIComponent(pathPart));
      const inside = relative(root, resolved);
      if (inside.startsWith("..") || inside.startsWith(sep)) {
        report("it leaves the repository");
        continue;
      }
      if (!existsSync(resolved)) {
        report(`${inside.split(sep).join("/")} does not exist`);
        continue;
      }
      if (anchor === undefined || anchor === "") continue;
      const isMarkdown = statSync(resolved).isFile() && resolved.endsWith(".md");
      if (!isMarkdown) {
        report("an anchor into a file that is not Markdown");
        continue;
      }
      if (!anchors(resolved).has(anchor)) report(`no heading of ${inside.split(sep).join("/")} has the anchor #${anchor}`);
    }
  }
  return broken;
}

/** Markdown files under `dir` (relative to `root`), skipping dot-folders, node_modules and the generated API reference. */
function markdownUnder(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      const child = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.name.startsWith(".") || entry.name === "node_modules" || child === "docs/api") continue;
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith(".md")) out.push(child);
    }
  };
  if (existsSync(join(root, dir))) walk(dir);
  return out;
}

/**
 * The documentation people read: the root README, every page under docs/
 * (the generated API reference aside), and the README of every package,
 * app, tool and example.
 */
export function documentationFiles(root: string): string[] {
  const readmes = ["packages", "apps", "tools", "examples"].flatMap((top) =>
    existsSync(join(root, top))
      ? readdirSync(join(root, top))
          .map((name) => `${top}/${name}/README.md`)
          .filter((file) => existsSync(join(root, file)))
      : [],
  );
  return ["README.md", ...markdownUnder(root, "docs"), ...readmes.sort()];
}
