export { protocolPlugin } from "./primary-copy.js";
