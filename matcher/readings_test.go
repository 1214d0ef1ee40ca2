package matcher_test

// The core's own tests compare and exercise every reading, which live in
// packages above the core: this external test package imports
// matcher/readings, which registers them all, so that the tests of package
// matcher (compiled into the same test binary) see them as a program does.
import _ "robots-explorer/matcher/readings"
