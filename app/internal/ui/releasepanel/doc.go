// Package releasepanel holds the release check's components:
// the panel that takes a URL list and the crawlers, runs the check in
// slices and shows what changed; the results under their own filters, as
// a virtual table of pairs or the crawler × URL matrix (drawn by
// ui/crawlergrid, as the explorer's is); and the exports, written in
// slices. The
// explorer opens it with New; the work itself is releaseview's.
package releasepanel
