// Stands in for `leveldown` in every node's realm: skiff's lib/db.js requires it at load time (leveldown 1.x
// probes the file system through `bindings`), but the adapter passes its own store through skiff's `db` option.
"use strict";
module.exports = function leveldown() {
  throw new Error("leveldown is not available under cx: pass a store through skiff's `db` option");
};
