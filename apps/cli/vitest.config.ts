import { vitestConfig } from "../../vitest.shared.js";

// save-fallback.test.ts replaces the output module with vi.mock.
export default vitestConfig(import.meta.dirname, { isolatedFiles: ["test/save-fallback.test.ts"] });
