// `pnpm docs:links`: every internal link of the READMEs and docs/ pages must
// reach a file, and every anchor a heading; exit 1 with one line per broken link.
import { checkLinks, documentationFiles } from "./links.js";
import { repoRoot } from "./repo-root.js";

const files = documentationFiles(repoRoot);
const broken = checkLinks(repoRoot, files);
for (const b of broken) console.error(`${b.file}:${b.line}: ${b.target}: ${b.reason}`);
console.log(`${files.length} files, ${broken.length} broken links`);
process.exit(broken.length === 0 ? 0 : 1);
