// Package urllist reads the lists of URLs a release is checked against:
// plain lists (one URL a line, # comments, blank lines), sitemaps (a
// urlset, and a sitemap index whose sitemaps are given with it as local
// files: nothing is ever fetched), their .gz forms, and CSV crawl exports
// (the column chosen by name or number). Duplicates, malformed lines and
// anything cut by a limit are reported with their file and line, never
// dropped silently. Of the problems, a count of each kind is kept and the
// first MaxProblems of each kind with their file and line, so that
// memory stays near the URLs kept whatever the list holds.
//
// Every input is bounded: at most Options.MaxURLs URLs are kept and at
// most Options.MaxBytes bytes read from a file after decompression (a gzip
// bomb stops there); a sitemap may nest only a few elements deep and may
// declare no DOCTYPE, so no entity is ever declared, let alone expanded
// (encoding/xml expands none, and an XML bomb needs a DOCTYPE); a sitemap
// that is an HTML page is refused with a clear error.
package urllist

import (
	"fmt"
	"hash/maphash"
	"io"
	"strings"
)

// Limits a list's reader applies unless Options says otherwise.
const (
	DefaultMaxURLs  = 100_000
	DefaultMaxBytes = 256 << 20 // per file, after decompression
	// maxURLLength bounds one URL: the sitemaps protocol allows fewer
	// than 2,048 characters; a longer line is reported, not kept.
	maxURLLength = 8 << 10
	// maxDepth bounds a sitemap's nesting: urlset > url > loc is 3 deep.
	maxDepth = 8
	// MaxProblems is how many problems of each kind a List keeps with
	// their file and line; the rest are counted. A list of a million
	// duplicate lines kept a million problems, 300 bytes each.
	MaxProblems = 100
)

// A Format is the kind of list a file holds.
type Format string

// The formats.
const (
	Auto    Format = ""        // from the file's name and first bytes
	Plain   Format = "plain"   // one URL a line
	Sitemap Format = "sitemap" // a urlset or a sitemap index
	CSV     Format = "csv"     // a crawl export
)

// Options bound and direct a read. The zero Options reads any format with
// the default limits.
type Options struct {
	Format   Format
	MaxURLs  int   // 0: DefaultMaxURLs
	MaxBytes int64 // 0: DefaultMaxBytes
	// Column is the CSV column holding the URLs: its header name
	// (compared without case) or its 1-based number; empty chooses the
	// column named url, address or loc.
	Column string
	// Refuse says why the reading that checks the list cannot read u,
	// or nil; nil when not set. Each reading reads the URL string as its
	// program does (matcher.TargetReader), so only it can say.
	Refuse func(u string) error
}

func (o Options) maxURLs() int {
	if o.MaxURLs > 0 {
		return o.MaxURLs
	}
	return DefaultMaxURLs
}

func (o Options) maxBytes() int64 {
	if o.MaxBytes > 0 {
		return o.MaxBytes
	}
	return DefaultMaxBytes
}

// An Entry is one URL of the list and where it was read.
type Entry struct {
	URL  string
	File int32 // index in List.Files
	Line int32 // 1-based
	// Err says why the line is not a URL the matcher can read; "" for a
	// URL kept. Only Scan's function sees such entries (with what of the
	// line was read as URL, at most maxURLLength bytes), so that every
	// line gets an answer; they are counted as Malformed, not in Count.
	Err string
}

// A Kind says what is wrong with a line.
type Kind string

// The kinds of problem.
const (
	Duplicate Kind = "duplicate" // the URL was listed before; it is checked once
	Malformed Kind = "malformed" // not a URL the reading can read
	Limit     Kind = "limit"     // the list was cut here
	Missing   Kind = "missing"   // a sitemap an index lists was not given
	// Invalid is a file that breaks its format's rules where what it holds
	// can still be read (a second root element in a sitemap).
	Invalid Kind = "invalid"
)

// A Problem is a line that was not kept, and why. Its file name and
// message hold the input's text as it was read: escape them to show them.
type Problem struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Kind    Kind   `json:"kind"`
	Message string `json:"message"`
}

func (p Problem) String() string {
	return fmt.Sprintf("%s:%d: %s: %s", p.File, p.Line, p.Kind, p.Message)
}

// A List is the URLs read, in order, each once, and the problems met.
type List struct {
	Files   []string
	Entries []Entry // empty when the URLs were handed to Scan's function
	// Count is the number of URLs kept (or handed on).
	Count int
	// Problems are the first MaxProblems problems of each kind, in the
	// order met; Counts has how many of each kind there were in all.
	Problems  []Problem
	Counts    map[Kind]int
	Truncated bool // MaxURLs was reached

	opt Options
	// seen maps the hash of each URL kept to where it was first listed
	// (file<<32 | line): 16 bytes a URL rather than the URL itself, so
	// that a streamed list stays small. Two different URLs with the same
	// 64-bit hash (odds of about 1 in 10^7 for a million URLs) would be
	// reported as a duplicate, never dropped silently.
	seed maphash.Seed
	seen map[uint64]uint64
	// given are the base names of the files read (baseName), which the
	// sitemaps a sitemap index lists are looked for among.
	given map[string]bool
	emit  func(e Entry, file string) error
	err   error // from emit
}

func newList(opt Options, names []string) *List {
	l := &List{opt: opt, Counts: map[Kind]int{}, seed: maphash.MakeSeed(), seen: map[uint64]uint64{}, given: map[string]bool{}}
	for _, n := range names {
		l.given[baseName(n)] = true
	}
	return l
}

// Where returns the file and line of an entry, as "file:line".
func (l *List) Where(e Entry) string { return fmt.Sprintf("%s:%d", l.Files[e.File], e.Line) }

// add keeps u, read at file:line, unless it is malformed, a duplicate or
// past the limit; it reports false once the list is full.
func (l *List) add(file, line int, u string) bool {
	if l.Truncated {
		return false
	}
	if msg := l.opt.malformed(u); msg != "" {
		return l.refuse(file, line, u, msg)
	}
	h := maphash.String(l.seed, u)
	if at, ok := l.seen[h]; ok {
		if l.keeps(Duplicate) {
			first := Entry{File: int32(at >> 32), Line: int32(uint32(at))}
			l.problem(file, line, Duplicate, fmt.Sprintf("%s is listed before, at %s; it is checked once", quote(u), l.Where(first)))
		} else {
			l.Counts[Duplicate]++
		}
		return true
	}
	if l.Count >= l.opt.maxURLs() {
		l.Truncated = true
		l.problem(file, line, Limit, fmt.Sprintf("the list holds more than %d URLs; the rest is not read", l.opt.maxURLs()))
		return false
	}
	l.seen[h] = uint64(file)<<32 | uint64(uint32(line))
	l.Count++
	e := Entry{URL: u, File: int32(file), Line: int32(line)}
	if l.emit == nil {
		l.Entries = append(l.Entries, e)
		return true
	}
	if l.err = l.emit(e, l.Files[file]); l.err != nil {
		l.Truncated = true // stop reading
		return false
	}
	return true
}

// refuse reports a line that is not a URL the matcher can read, and hands
// it to Scan's function with the reason; it reports false when that
// function stopped the reading.
func (l *List) refuse(file, line int, u, msg string) bool {
	l.problem(file, line, Malformed, msg)
	if l.emit == nil {
		return true
	}
	if len(u) > maxURLLength {
		u = u[:maxURLLength]
	}
	if l.err = l.emit(Entry{URL: u, File: int32(file), Line: int32(line), Err: msg}, l.Files[file]); l.err != nil {
		l.Truncated = true // stop reading
		return false
	}
	return true
}

// problem counts a problem of kind k, and keeps it while fewer than
// MaxProblems of its kind are kept.
func (l *List) problem(file, line int, k Kind, msg string) {
	if l.keeps(k) {
		l.Problems = append(l.Problems, Problem{File: l.Files[file], Line: line, Kind: k, Message: msg})
	}
	l.Counts[k]++
}

// keeps reports whether a problem of kind k would be kept, so that a
// message is not written for one that is only counted.
func (l *List) keeps(k Kind) bool { return l.Counts[k] < MaxProblems }

// Omitted is how many problems were counted but not kept.
func (l *List) Omitted() int {
	n := -len(l.Problems)
	for _, c := range l.Counts {
		n += c
	}
	return n
}

// malformed says why u cannot be checked, or "": too long, holding a
// control character, or refused by the reading (Refuse).
func (o Options) malformed(u string) string {
	if len(u) > maxURLLength {
		return fmt.Sprintf("a URL of %d bytes; at most %d are read", len(u), maxURLLength)
	}
	for i := 0; i < len(u); i++ {
		if c := u[i]; c < 0x20 || c == 0x7F {
			return fmt.Sprintf("control character \"%c\" at byte %d", c, i+1)
		}
	}
	if o.Refuse != nil {
		if err := o.Refuse(u); err != nil {
			return err.Error()
		}
	}
	return ""
}

// quote shows untrusted text in a message: in double quotes, at most 200
// bytes of it. It is not escaped: what shows a message escapes it
// (escape.Text), once, and JSON carries it as it was read.
func quote(s string) string {
	if len(s) > 200 {
		return fmt.Sprintf("\"%s\"… (%d bytes)", s[:200], len(s))
	}
	return `"` + s + `"`
}

// An Opener opens a named file; Scan reads through it, so that the same
// code reads files natively and text held by a browser page.
type Opener func(name string) (io.ReadCloser, error)

// Read reads one list from r, named name in messages.
func Read(name string, r io.Reader, opt Options) (*List, error) {
	l := newList(opt, []string{name})
	if err := l.read(name, r); err != nil {
		return nil, err
	}
	return l, nil
}

// Scan reads the named files together as one list, in order, handing each
// URL to fn as it is read, with the name of its file, rather than keeping
// it: memory then stays the duplicate set's, whatever the number of URLs.
// A line that is not a URL the matcher reads is handed on too, with Err
// set, so that it gets its answer in its place.
// The returned List has no Entries; an error from fn stops the reading and
// is returned. A sitemap index among the files contributes no URLs itself:
// each sitemap it lists must be among the files given (matched by file
// name, with or without .gz), or it is reported Missing; nothing is
// fetched.
func Scan(names []string, open Opener, opt Options, fn func(e Entry, file string) error) (*List, error) {
	l := newList(opt, names)
	l.emit = fn
	for _, name := range names {
		if l.Truncated {
			break
		}
		rc, err := open(name)
		if err != nil {
			return nil, err
		}
		err = l.read(name, rc)
		rc.Close()
		if err != nil {
			return nil, err
		}
		if l.err != nil {
			return nil, l.err
		}
	}
	return l, nil
}

// read reads one file into l, after decompressing it and choosing its
// format.
func (l *List) read(name string, r io.Reader) error {
	l.Files = append(l.Files, name)
	file := len(l.Files) - 1
	in, err := open(name, r, l.opt.maxBytes())
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	format := l.opt.Format
	if format == Auto {
		format = sniff(name, in, l.opt.Column != "")
	}
	switch format {
	case Sitemap:
		err = l.readSitemap(file, in)
	case CSV:
		err = l.readCSV(file, in)
	case Plain:
		err = l.readPlain(file, in)
	default:
		err = fmt.Errorf("unknown list format %q (known: plain, sitemap, csv)", format)
	}
	if err == nil {
		err = in.err()
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// checkIndexed reports a sitemap an index lists, at file:line, unless
// its file was given.
func (l *List) checkIndexed(file, line int, loc string) {
	if !l.given[baseName(loc)] {
		l.problem(file, line, Missing, fmt.Sprintf("the index lists %s, which was not given: sitemaps are never fetched; "+
			"give its file with the index", quote(loc)))
	}
}

// baseName is the last path segment of a file name or URL, without a
// query or a .gz ending, lower-cased.
func baseName(s string) string {
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s = s[:i]
	}
	s = s[strings.LastIndexAny(s, `/\`)+1:]
	return strings.ToLower(strings.TrimSuffix(s, ".gz"))
}
