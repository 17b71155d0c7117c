import { vitestConfig } from "../../vitest.shared.js";

// save-fallback.test.ts replaces the output module with vi.mock; the CLI's end-to-end files are the suite's longest chain.
export default vitestConfig(import.meta.dirname, { isolatedFiles: ["test/save-fallback.test.ts"], maxWorkers: 2 });
