// Package matcher reads robots.txt files and decides, with a complete
// explanation, whether a product token may crawl a URL.
//
// One parser keeps every line of the file (its number, byte offsets, kind,
// key and value as written, and the group it belongs to); the same per-line
// model serves matching, diagnostics and display. A decision is always made
// under a named [Reading]: RFC 9309 as written ([RFC9309], the default), and
// the other readings met in practice. This package holds the core and RFC
// 9309; each other reading is a [Reader] in a package of its own under
// matcher/reading, and importing matcher/readings registers them all:
//
//	import _ "robots-explorer/matcher/readings"
//
// Without it, [Readings] lists RFC 9309 alone and [Parse] reads every
// name it does not know as RFC 9309.
//
//	f := matcher.Parse(matcher.RFC9309, body, matcher.ParseOptions{})
//	res, err := f.Evaluate("Googlebot", "https://example.com/fish?id=3")
//	if err != nil { ... } // the URL could not be read
//	fmt.Println(res.Allowed, res.Explanation)
//
// A source already held as a string is passed as [ParseOptions].Text as
// well, and the File's strings are slices of it.
//
// A File keeps what its evaluations work out per token (the applying
// groups, their rule index), without locks: evaluate a File on one
// goroutine at a time, or parse one per goroutine.
//
// Parse never fails and never panics: problems in the file are reported as
// [Diagnostic] values with positions. Matching a pattern against a path runs
// in O(len(path) × len(pattern)) time at worst.
package matcher
