//go:build !js

package matcher

import (
	"bytes"
	"sync"
)

// The parts of parsing that run on several processors. A WebAssembly build
// runs on one (see parallel_js.go), and leaves this code out.

// minChunkBytes is the least source a processor reads on its own.
const minChunkBytes = 64 << 10

// readInChunks reads a source of 128 KiB or more on up to procs
// processors, and returns nil for a smaller one. The source is cut after a
// line end near each processor's share; each share's lines are counted
// (bytes.Count reads many bytes at a time), so that each processor knows
// where its lines go in File.Lines; then each splits its share into lines
// and reads them, in one pass.
func readInChunks(src []byte, text string, procs int) (*scanner, []*rfcLines) {
	bom := bomLength(src)
	n := min(procs, (len(src)-bom)/minChunkBytes)
	if n <= 1 {
		return nil, nil
	}
	f := &File{Reading: RFC9309, Source: src, BOM: bom, selections: &selections{}, text: text}
	s := &scanner{f: f, text: f.text, arena: sizedArena(len(src) / 4)}
	cuts := lineCuts(src, bom, n)
	first := make([]int, n+1) // first[i]: index of share i's first line
	for i := range n {
		first[i+1] = first[i] + countLines(src[cuts[i]:cuts[i+1]])
	}
	f.Lines = make([]Line, first[n])
	agent := firstAgentLine(s.text, src, bom)
	chunks := make([]*rfcLines, n)
	var wg sync.WaitGroup
	for i := range chunks {
		lo, hi := first[i], first[i+1]
		// Each chunk reports to its own scanner, looks only at its own lines,
		// the others being written meanwhile, and keeps its own agents and
		// rules (the group pass reads them as runs).
		view := f.Lines[lo:hi]
		chunks[i] = &rfcLines{scanner: &scanner{f: f, text: s.text, arena: sizedArena(len(src) / 4 / n), view: view, base: lo},
			firstAgent: agent}
		wg.Go(func() {
			p := chunks[i]
			p.rules, p.pats = make([]Rule, 0, len(view)), make([]patFlags, 0, len(view))
			ls := newLineScanner(src[:cuts[i+1]], cuts[i])
			for k := range view {
				start, end, _ := ls.next()
				p.longest = max(p.longest, end-start)
				view[k] = newLine(lo+k+1, start, end)
				p.line(&view[k])
			}
			// The whole-source scans of checkBytes, on this chunk: a cut
			// falls after a line end, never inside a UTF-8 sequence.
			p.bytes = scanBytes(src[cuts[i]:cuts[i+1]])
		})
	}
	wg.Wait()
	s.bytes = byteScan{scanned: true, valid: true}
	for _, p := range chunks {
		s.longest = max(s.longest, p.longest)
		s.bytes.nul = s.bytes.nul || p.bytes.nul
		s.bytes.valid = s.bytes.valid && p.bytes.valid
	}
	return s, chunks
}

// lineCuts returns n+1 offsets from bom to len(src) that cut src into n
// runs of whole lines, each cut just after a line end (never between the
// CR and LF of a CRLF).
func lineCuts(src []byte, bom, n int) []int {
	cuts := make([]int, n+1)
	cuts[0], cuts[n] = bom, len(src)
	for i := 1; i < n; i++ {
		c := max(bom+(len(src)-bom)*i/n, cuts[i-1])
		j := bytes.IndexAny(src[c:], "\r\n")
		switch {
		case j < 0:
			c = len(src)
		case src[c+j] == '\r' && c+j+1 < len(src) && src[c+j+1] == '\n':
			c += j + 2
		default:
			c += j + 1
		}
		cuts[i] = c
	}
	return cuts
}

// countLines counts the lines of a run cut by lineCuts: its line ends
// (LF, CR and CRLF each end one line), and a last line without one.
func countLines(run []byte) int {
	n := bytes.Count(run, []byte{'\n'})
	if cr := bytes.Count(run, []byte{'\r'}); cr > 0 {
		n += cr - bytes.Count(run, []byte("\r\n"))
	}
	if len(run) > 0 && run[len(run)-1] != '\n' && run[len(run)-1] != '\r' {
		n++
	}
	return n
}
