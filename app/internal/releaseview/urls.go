package releaseview

import (
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"io"
	"strconv"
	"strings"

	"robots-explorer/app/internal/urllist"
)

// A List is a URL list as the page holds it: the URLs, each once, and
// what the reader reported.
type List struct {
	Name   string
	Format urllist.Format
	URLs   []string
	// Problems are the first of each kind (urllist.MaxProblems), counts
	// how many of each there were.
	Problems []urllist.Problem
	counts   map[urllist.Kind]int
	Cut      bool // the list was longer than the page reads
}

// MaxURLs is the most URLs the page checks at once.
const MaxURLs = 100_000

// ReadList reads a list pasted or loaded from disk: a plain list, a
// sitemap or sitemap index, any of them gzipped (by its first bytes), or
// a CSV export whose URLs are in column (empty: the column named url,
// address or loc). Nothing is fetched; an index's sitemaps are reported
// missing.
func ReadList(name string, data []byte, column string) (*List, error) {
	opt := urllist.Options{MaxURLs: MaxURLs, Column: column}
	l, err := urllist.Read(name, bytes.NewReader(data), opt)
	if err != nil {
		return nil, err
	}
	out := &List{Name: name, URLs: make([]string, len(l.Entries)), Problems: l.Problems, counts: l.Counts, Cut: l.Truncated}
	for i, e := range l.Entries {
		out.URLs[i] = e.URL
	}
	return out, nil
}

// Count is how many problems of kind k the reader reported.
func (l *List) Count(k urllist.Kind) int { return l.counts[k] }

// AllProblems is how many problems the reader reported, of every kind.
func (l *List) AllProblems() int {
	n := 0
	for _, c := range l.counts {
		n += c
	}
	return n
}

// Summary is the list in one line: "50,000 URLs from sitemap.xml; 3
// duplicates (checked once); 1 malformed line (left out)".
func (l *List) Summary() string {
	parts := []string{Plural(len(l.URLs), "URL") + " from " + l.Name}
	if n := l.Count(urllist.Duplicate); n > 0 {
		parts = append(parts, Plural(n, "duplicate")+" (checked once)")
	}
	if n := l.Count(urllist.Malformed); n > 0 {
		parts = append(parts, Plural(n, "malformed line")+" (left out)")
	}
	if n := l.Count(urllist.Missing); n > 0 {
		parts = append(parts, Plural(n, "sitemap")+" of an index not given (nothing is fetched)")
	}
	if l.Cut {
		parts = append(parts, "cut at "+Thousands(MaxURLs)+" URLs")
	}
	return strings.Join(parts, "; ")
}

// CSVColumns are the header names of a CSV export (gzipped or not), for
// the column chooser; nil when data is not CSV with a header.
func CSVColumns(data []byte) []string {
	var r io.Reader = bytes.NewReader(data)
	if len(data) > 1 && data[0] == 0x1f && data[1] == 0x8b {
		zr, err := gzip.NewReader(r)
		if err != nil {
			return nil
		}
		r = io.LimitReader(zr, 1<<20)
	}
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	head, err := cr.Read()
	if err != nil || len(head) < 2 {
		return nil
	}
	return head
}

// Thousands writes n with commas: 50,000.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
