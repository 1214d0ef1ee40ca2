//go:build !js

package matcher

import (
	"bytes"
	"runtime"
	"sync"
	"sync/atomic"
)

// The parts of parsing that run on several processors. A WebAssembly build
// runs on one (see parallel_js.go), and leaves this code out.

// minChunkBytes is the least source a chunk holds.
const minChunkBytes = 64 << 10

// chunksPerProc is how many chunks each processor has to take on average.
// The processors take chunks one at a time, so one that starts late (a
// process's second thread can take a millisecond to be created and
// scheduled) or runs slowly leaves its chunks to the others, instead of
// the whole parse waiting for its one share.
const chunksPerProc = 4

// chunkCount is how many chunks a source of size bytes is read in on procs
// processors: one (no chunks) below 128 KiB or on one processor.
func chunkCount(size, procs int) int {
	if procs <= 1 {
		return 1
	}
	return max(1, min(procs*chunksPerProc, size/minChunkBytes))
}

// readInChunks reads a source in n chunks on up to procs processors, and
// returns nil when n is 1. The source is cut after a line end into chunks;
// each chunk's lines are counted (bytes.Count reads many bytes at a time),
// so that each knows where its lines go in File.Lines; then the processors
// take chunks, split them into lines and read them, in one pass. The group
// pass runs beside them, on each chunk in turn as soon as it and the
// chunks before it are read.
func readInChunks(src []byte, text string, procs, n int) (*scanner, []*rfcLines, *rfcParser) {
	bom := bomLength(src)
	n = min(n, max(1, len(src)-bom)) // a chunk holds a byte at least
	if n <= 1 {
		return nil, nil, nil
	}
	f := &File{Reading: RFC9309, Source: src, BOM: bom, selections: &selections{}, text: text}
	s := &scanner{f: f, text: f.text, arena: sizedArena(len(src) / 4)}
	r := &chunkRead{src: src, cuts: lineCuts(src, bom, n), counts: make([]int, n), start: make(chan struct{})}
	// The other processors start at once and count lines with this one:
	// a thread that has to be woken takes a while to run, and it should be
	// running by the time the chunks are read.
	var wg sync.WaitGroup
	for range min(procs, n) - 1 {
		wg.Go(r.work)
	}
	r.count()
	for r.counted.Load() < int32(n) {
		runtime.Gosched() // a goroutine yet to run may be counting a chunk
	}
	r.layOut(s, firstAgentLine(s.text, src, bom))
	close(r.start)
	r.read() // this goroutine takes chunks too, rather than wait idle
	wg.Wait()
	s.bytes = byteScan{scanned: true, valid: true}
	for _, p := range r.chunks {
		s.longest = max(s.longest, p.longest)
		s.bytes.nul = s.bytes.nul || p.bytes.nul
		s.bytes.valid = s.bytes.valid && p.bytes.valid
	}
	return s, r.chunks, r.g.p
}

// A chunkRead is the reading of a source in chunks: first the processors
// count the chunks' lines, then, once the lines are laid out, they read
// the chunks.
type chunkRead struct {
	src    []byte
	cuts   []int // chunk i is src[cuts[i]:cuts[i+1]]
	counts []int // counts[i]: chunk i's lines
	chunks []*rfcLines
	g      *groupPass
	// toCount and next are the next chunk to count and to read; counted
	// is how many are counted; start is closed once the lines are laid out.
	toCount, counted, next atomic.Int32
	start                  chan struct{}
}

// work is what a processor beside the caller does.
func (r *chunkRead) work() {
	r.count()
	awaitStart(r.start)
	r.read()
}

func (r *chunkRead) count() {
	for i := r.claim(&r.toCount); i < len(r.counts); i = r.claim(&r.toCount) {
		r.counts[i] = countLines(r.src[r.cuts[i]:r.cuts[i+1]])
		r.counted.Add(1)
	}
}

func (r *chunkRead) read() {
	for i := r.claim(&r.next); i < len(r.counts); i = r.claim(&r.next) {
		r.chunks[i].readChunk(r.src, r.cuts[i], r.cuts[i+1])
		r.g.done(i)
	}
}

// claim takes the next chunk from counter c.
func (r *chunkRead) claim(c *atomic.Int32) int { return int(c.Add(1)) - 1 }

// layOut makes File.Lines from the counts, and gives each chunk its own
// lines; agent is the number of the file's first user-agent line.
func (r *chunkRead) layOut(s *scanner, agent int) {
	n := len(r.counts)
	first := make([]int, n+1) // first[i]: index of chunk i's first line
	for i := range n {
		first[i+1] = first[i] + r.counts[i]
	}
	f := s.f
	f.Lines = make([]Line, first[n])
	r.chunks = make([]*rfcLines, n)
	for i := range r.chunks {
		// Each chunk reports to its own scanner, looks only at its own lines,
		// the others being written meanwhile, and keeps its own agents and
		// rules (the group pass reads them as runs).
		lo, hi := first[i], first[i+1]
		c := &chunkState{scan: scanner{f: f, text: s.text, arena: sizedArena(len(r.src) / 4 / n), view: f.Lines[lo:hi], base: lo}}
		c.lines = rfcLines{scanner: &c.scan, firstAgent: agent}
		r.chunks[i] = &c.lines
	}
	r.g = &groupPass{p: newRFCParser(s, 0), chunks: r.chunks, read: make([]bool, n)}
}

// A chunkState is what reading one chunk changes as it goes: on nearly
// every line, the line it is at, the lengths of its rule and agent lists
// and its arena. Two processors read neighbouring chunks at once, and
// states allocated one after another would share cache lines, each write
// taking the line from the other processor: the padding keeps a state off
// the lines of the next. (Without it, BenchmarkParse500KiB on two
// processors was about 10% slower.)
type chunkState struct {
	lines rfcLines
	scan  scanner
	_     [cacheLinePair]byte
}

// cacheLinePair is two cache lines of 64 bytes: x86 processors fetch lines
// in pairs, so a write to one can disturb its neighbour.
const cacheLinePair = 128

// startSpins is how many times a processor that has counted its lines
// looks for the chunks to be ready before it blocks: the lines are
// allocated in well under a millisecond, and a thread that blocks then
// takes as long again to be woken; but a file whose first user-agent line
// is far down has to be scanned for it first.
const startSpins = 2000

// awaitStart returns once start is closed, looking a while without
// blocking before it waits.
func awaitStart(start <-chan struct{}) {
	for range startSpins {
		select {
		case <-start:
			return
		default:
			runtime.Gosched()
		}
	}
	<-start
}

// A groupPass places the chunks' lines in groups in file order, while
// later chunks are still being read. Whoever reads a chunk that lets the
// pass go on runs it, one goroutine at a time; so when every reader has
// returned, every chunk has been placed.
type groupPass struct {
	p       *rfcParser
	chunks  []*rfcLines
	mu      sync.Mutex
	read    []bool // read[i]: chunk i has been read
	next    int    // the next chunk to place
	placing bool   // a goroutine is placing chunks
}

// done notes that chunk i has been read, and places every chunk that can
// be placed now unless another goroutine is at it.
func (g *groupPass) done(i int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.read[i] = true
	if g.placing {
		return
	}
	g.placing = true
	for g.next < len(g.chunks) && g.read[g.next] {
		c := g.chunks[g.next]
		if g.next == 0 {
			g.p.expect = len(c.agents) * len(g.chunks)
		}
		g.mu.Unlock()
		g.p.place(c, c.view, c.base)
		g.mu.Lock()
		g.next++
	}
	g.placing = false
}

// readChunk splits the bytes [lo, hi) of src into the chunk's lines and
// reads them.
func (p *rfcLines) readChunk(src []byte, lo, hi int) {
	view := p.view
	p.sizeFor(len(view))
	ls := newLineScanner(src[:hi], lo)
	for k := range view {
		start, end, _ := ls.next()
		p.longest = max(p.longest, end-start)
		view[k] = newLine(p.base+k+1, start, end)
		p.line(&view[k])
	}
	// The whole-source scans of checkBytes, on this chunk: a cut falls
	// after a line end, never inside a UTF-8 sequence.
	p.bytes = scanBytes(src[lo:hi])
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

// firstAgentLine returns the number of the first user-agent line of src
// (text is src as a string), or 0, for the chunks read beside the first.
// It is nearly always among the first few lines, so it is found before the
// lines are split.
func firstAgentLine(text string, src []byte, bom int) int {
	ls := newLineScanner(src, bom)
	for n := 1; ; n++ {
		start, end, ok := ls.next()
		if !ok {
			return 0
		}
		rec := splitRecord(src, start, end)
		if rec.colon && rec.keyStart >= 0 && rfcKey(text[rec.keyStart:rec.keyEnd]) == KindUserAgent {
			return n
		}
	}
}
