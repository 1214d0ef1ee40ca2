// Package pattern holds what RFC 9309 §2.2.2–2.2.3 says of a rule's
// pattern, apart from any robots.txt file: percent-encoding normalization
// and its steps, the compiled pattern and its match, the byte classes that
// tell which slower steps a pattern needs, and an index that finds the
// patterns a path may match. It imports nothing of the project, so that the
// core and every reading build on it.
package pattern
