// Package parts holds what the UI's packages share: the site header, the
// table header, the verdict words and the timings of the pages' work. It
// imports none of them, so that ui, ui/pages and ui/releasepanel can all use it.
package parts
