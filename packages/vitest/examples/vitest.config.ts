import { mergeConfig } from "vitest/config";
import { vitestConfig } from "../../../vitest.shared.js";

// The README example runs on its own (one of its tests fails on purpose): `npx vitest run` in this folder.
export default mergeConfig(vitestConfig(import.meta.dirname), { test: { include: ["*.test.ts"] } });
