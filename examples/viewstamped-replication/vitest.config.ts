import { vitestConfig } from "../../vitest.shared.js";

export default vitestConfig(import.meta.dirname);
