package view

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

// AnalysedLimit bounds the part of a pasted file the page analyses, so a
// 10 MiB paste keeps the tab responsive: twice the least a crawler must
// read (RFC 9309 §2.5: at least 500 KiB), so the matcher's own warning
// about content past 500 KiB still shows. The command line reads it all.
const AnalysedLimit = 2 * matcher.ParseLimit

// binarySample is how much of the file the binary test looks at.
const binarySample = 64 << 10

// An InputCheck is what the page found special about a pasted file before
// analysing it, and the bounded text it analyses.
type InputCheck struct {
	source   string // the file as pasted, to tell when it changes
	Bounded  string // its first analysedLimit bytes, cut at a line end
	Notices  []inputNotice
	computed bool
}

// An inputNotice is one thing shown above the results. Kind names it for
// styles and tests: "size", "binary", "long-line", "cr".
type inputNotice struct {
	Kind string
	Text string
}

// CheckInput looks at a file once, in one pass over its bytes.
func CheckInput(src string) InputCheck {
	c := InputCheck{source: src, Bounded: BoundSource(src), computed: true}
	if len(c.Bounded) < len(src) {
		c.add("size", fmt.Sprintf("The file is %s: the explorer analyses its first %s (up to line %d), "+
			"as a crawler may stop past 500 KiB (RFC 9309 §2.5). The other %s stay in the editor, not analysed: links, saved files and "+
			"records carry the whole file, and robots-explorer check reads it all.",
			ByteSize(len(src)), ByteSize(len(c.Bounded)), LineCount(c.Bounded)-1, ByteSize(len(src)-len(c.Bounded))))
	}
	if nul, ctrl, n := controlBytes(src); nul > 0 || ctrl*10 > n {
		c.add("binary", fmt.Sprintf("This looks like binary data, not a text file (%s, %s in the first %s): "+
			"it is read as text, line by line, and the verdicts are unlikely to mean much.",
			Plural(nul, "NUL byte"), Plural(ctrl, "control character"), ByteSize(n)))
	}
	if line, n := LongestLine(src); n > matcher.GoogleLineLimit {
		c.add("long-line", fmt.Sprintf("Line %d is %s long: Google's parser reads only its first %d bytes, "+
			"and the page shows at most %d bytes of any text.", line, ByteSize(n), matcher.GoogleLineLimit, ShownLimit))
	}
	if strings.IndexByte(src, '\r') >= 0 && strings.IndexByte(src, '\n') < 0 {
		c.add("cr", "The lines end with a carriage return alone (as on old Macs): RFC 9309 §2.2 accepts that line end, "+
			"but some tools see a single line.")
	}
	return c
}

func (c *InputCheck) add(kind, text string) {
	c.Notices = append(c.Notices, inputNotice{Kind: kind, Text: text})
}

// Bound returns ex with the file cut to what the page analyses, checking
// the file again only when it changed.
func (c *InputCheck) Bound(ex permalink.State) permalink.State {
	if !c.computed || c.source != ex.Robots {
		*c = CheckInput(ex.Robots)
	}
	ex.Robots = c.Bounded
	return ex
}

// BoundSource is src cut to AnalysedLimit bytes, at the end of the last
// whole line, so that no rule is cut in two.
func BoundSource(src string) string {
	if len(src) <= AnalysedLimit {
		return src
	}
	cut := src[:AnalysedLimit]
	if i := strings.LastIndexAny(cut, "\r\n"); i >= 0 {
		return cut[:i+1]
	}
	return cut // one huge line: cut anyway, the bound matters more
}

// controlBytes counts, in the first binarySample bytes, the NUL bytes and
// the other control characters that a text file does not hold (tab, line
// ends and form feed are text).
func controlBytes(src string) (nul, ctrl, n int) {
	sample := src[:min(len(src), binarySample)]
	for i := 0; i < len(sample); i++ {
		switch c := sample[i]; {
		case c == 0:
			nul++
		case c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f', c == 0x7F:
			ctrl++
		}
	}
	return nul, ctrl, len(sample)
}

// LongestLine is the number and length in bytes of the longest line (the
// first of equals), with CR, LF and CR LF as line ends.
func LongestLine(src string) (line, n int) {
	start, num := 0, 1
	for i := 0; i <= len(src); i++ {
		if i < len(src) && src[i] != '\n' && src[i] != '\r' {
			continue
		}
		if i-start > n {
			line, n = num, i-start
		}
		if i+1 < len(src) && src[i] == '\r' && src[i+1] == '\n' {
			i++
		}
		start, num = i+1, num+1
	}
	return line, n
}

// ShownLimit bounds a text put on the page as one node: a 1 MiB line or a
// pattern of 100,000 characters would otherwise be laid out in full, in
// the file, the table and the normalization steps.
const ShownLimit = 2000

// Clipped is s cut to shownLimit bytes (at a character boundary) with a
// note of how much was left out.
func Clipped(s string) string {
	if len(s) <= ShownLimit {
		return s
	}
	cut := ShownLimit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("… (%s more)", ByteSize(len(s)-cut))
}

// ByteSize writes n in bytes, KiB or MiB.
func ByteSize(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return Plural(n, "byte")
}
