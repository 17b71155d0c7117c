module cxcheck/porcupine-harness

go 1.19

require github.com/anishathalye/porcupine v0.0.0

// Point this at a checkout of github.com/anishathalye/porcupine (see bench/porcupine/README.md).
replace github.com/anishathalye/porcupine => ../../../../.cx-tmp/porcupine
