// Package release holds the release check's components (issue 19): the
// panel that takes a URL list and the crawlers, runs the check in slices
// and shows the pairs whose verdict changes, and the virtual table of its
// rows. The explorer opens it with NewPanel; the work itself is
// releaseview's.
package release
