/**
 * @cx/hosted-liferaft: the npm library @markwylde/liferaft 1.4.0, used as
 * shipped, under cx's deterministic host.
 */
export { protocolPlugin } from "./plugin.js";
