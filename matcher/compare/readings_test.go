package compare_test

// The comparison's tests compare every reading: this external test package
// imports matcher/readings, which registers them all, so that the tests of
// package compare (compiled into the same test binary) see them as a
// program does.
import _ "robots-explorer/matcher/readings"
