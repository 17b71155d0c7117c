/**
 * @cx/protocols: the registry of cx's built-in protocol plug-ins and the one
 * lookup (`loadProtocol`) that finds a protocol by short name, module file
 * or package name.
 */
export { builtinProtocol, builtinProtocolNames, builtinProtocols, type BuiltinProtocol } from "./builtin-protocols.js";
export { importProtocolModule, loadProtocol, type LoadedProtocol } from "./load-protocol.js";
export { isProtocolLoadError, ProtocolLoadError } from "./protocol-load-error.js";
export { isPathReference, resolveProtocolModule } from "./resolve-protocol-module.js";
