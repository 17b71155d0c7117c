/** This package's version, as repro files and plug-in listings show it (kept equal to package.json's by a test). */
export const raftVersion = "0.2.0";
