/**
 * @cx/hosted-skiff: the npm library skiff 1.10.0 (pgte), used as shipped, under cx's deterministic host.
 */
export { protocolPlugin } from "./plugin.js";
