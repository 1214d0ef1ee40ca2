package urllist

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

func gz(t testing.TB, s string) string {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	io.WriteString(w, s)
	w.Close()
	return b.String()
}

// summary is a list as one string: its URLs with their lines, then its
// problems, so that a table states both.
func summary(l *List) string {
	var parts []string
	for _, e := range l.Entries {
		parts = append(parts, fmt.Sprintf("%d:%s", e.Line, e.URL))
	}
	for _, p := range l.Problems {
		parts = append(parts, fmt.Sprintf("%d:%s", p.Line, p.Kind))
	}
	return strings.Join(parts, " ")
}

const urlset = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc></url>
  <url>
    <loc> https://example.com/a?x=1&amp;y=2 </loc>
    <lastmod>2026-01-01</lastmod>
  </url>
  <url><loc>https://example.com/</loc></url>
  <url><loc>mailto:someone@example.com</loc></url>
</urlset>
`

func TestRead(t *testing.T) {
	tests := []struct {
		name, file, text string
		opt              Options
		want             string
	}{
		{"plain: comments, blanks, CRLF", "urls.txt", "# release 12\n/a\r\n\n  /b  \n# /c\n", Options{}, "2:/a 4:/b"},
		{"plain: duplicate reported once kept", "urls.txt", "/a\n/b\n/a\n", Options{}, "1:/a 2:/b 3:duplicate"},
		{"plain: malformed reported", "urls.txt", "/a\nx\x01y\nmailto:x@y\nhttp://[::1/\n/b", Options{}, "1:/a 3:mailto:x@y 4:http://[::1/ 5:/b 2:malformed"},
		{"plain: a byte order mark", "urls.txt", "\uFEFF/a\n", Options{}, "1:/a"},
		{"plain: control character", "urls.txt", "/a\x1b[31m\n", Options{}, "1:malformed"},
		{"plain: limit", "urls.txt", "/a\n/b\n/c\n", Options{MaxURLs: 2}, "1:/a 2:/b 3:limit"},
		{"sitemap urlset, entities, lines", "sitemap.xml", urlset, Options{}, "3:https://example.com/ 5:https://example.com/a?x=1&y=2 9:mailto:someone@example.com 8:duplicate"},
		{"sitemap gzip", "sitemap.xml.gz", gz(t, urlset), Options{}, "3:https://example.com/ 5:https://example.com/a?x=1&y=2 9:mailto:someone@example.com 8:duplicate"},
		{"gzip found by its bytes, whatever the name", "sitemap.xml", gz(t, urlset), Options{MaxURLs: 1}, "3:https://example.com/ 5:limit"},
		{"sitemap: only url > loc counts", "sitemap.xml", "<urlset><url><loc>/a</loc><image><loc>/img.png</loc></image></url><other><loc>/b</loc></other></urlset>",
			Options{}, "1:/a"},
		{"sitemap: a second root is read and reported", "sitemap.xml",
			"<urlset><url><loc>/a</loc></url></urlset>\n<urlset>\n<url><loc>/b</loc></url></urlset>\n", Options{}, "1:/a 3:/b 2:invalid"},
		{"sitemap: a second root of no sitemap's is reported, not read", "sitemap.xml",
			"<urlset><url><loc>/a</loc></url></urlset>\n<rss><url><loc>/b</loc></url></rss>", Options{}, "1:/a 2:invalid"},
		{"csv: address column by default", "crawl.csv", "Status,Address,Title\n200,https://example.com/a,A\n404,https://example.com/b,\"B, the page\"\n", Options{},
			"2:https://example.com/a 3:https://example.com/b"},
		{"csv: column by name", "crawl.csv", "url,canonical\n/a,/x\n/b,/y\n", Options{Column: "Canonical"}, "2:/x 3:/y"},
		{"csv: column by number, header", "crawl.csv", "page,code\n/a,200\n", Options{Column: "1"}, "2:/a"},
		{"csv: column by number, no header", "export", "/a,200\n/b,301\n", Options{Column: "1"}, "1:/a 2:/b"},
		{"csv: short row, empty cell", "crawl.csv", "code,url\n200\n301,\n200,/a\n", Options{}, "4:/a 2:malformed 3:malformed"},
		{"csv: quoted newline keeps line numbers", "crawl.csv", "url,title\n/a,\"two\nlines\"\n/b,x\n", Options{}, "2:/a 4:/b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Read(tt.file, strings.NewReader(tt.text), tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if got := summary(l); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestReadErrors: what cannot be read at all is an error naming the file
// and, where there is one, the line.
func TestReadErrors(t *testing.T) {
	deep := "<urlset>" + strings.Repeat("<a>", 50) + strings.Repeat("</a>", 50) + "</urlset>"
	bomb := `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<urlset><url><loc>&lol3;</loc></url></urlset>`
	undeclared := "<urlset><url><loc>&lol;</loc></url></urlset>"
	tests := []struct {
		name, file, text string
		opt              Options
		want             string
	}{
		{"XML bomb: entities refused", "sitemap.xml", bomb, Options{}, "sitemap.xml: line 6: a DOCTYPE declaration"},
		{"undeclared entity", "sitemap.xml", undeclared, Options{}, "sitemap.xml: line 1: not well-formed XML: invalid character entity &lol;"},
		{"deep nesting", "sitemap.xml", deep, Options{}, "nested more than 8 deep"},
		{"HTML page as sitemap", "sitemap.xml", "<!DOCTYPE html>\n<html><body>Not found</body></html>", Options{}, "sitemap.xml: this is an HTML page, not a sitemap"},
		{"HTML without doctype", "sitemap.xml", "\n  <html lang=en><head>", Options{}, "this is an HTML page"},
		{"XHTML with an XML declaration", "sitemap.xml", `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"></html>`, Options{}, "this is an HTML page"},
		{"other XML", "feed.xml", `<rss version="2.0"></rss>`, Options{}, "not a sitemap: the root element is <rss>"},
		{"broken XML", "sitemap.xml", "<urlset>\n<url><loc>/a</loc>\n</urlset>", Options{}, "sitemap.xml: line 3: not well-formed XML"},
		{"empty sitemap", "sitemap.xml", "<?xml version='1.0'?>", Options{Format: Sitemap}, "no XML element"},
		{"gzip bomb stops at the limit", "sitemap.xml.gz", gz(t, "<urlset>"+strings.Repeat(" ", 1<<20)), Options{MaxBytes: 64 << 10},
			"sitemap.xml.gz: decompresses to more than 65536 bytes"},
		{"a plain file past the limit", "urls.txt", strings.Repeat("/a\n", 1000), Options{MaxBytes: 100}, "urls.txt: holds more than 100 bytes"},
		{".gz that is not gzip", "urls.txt.gz", "/a\n", Options{}, "named .gz, but not gzip data"},
		{"bad CSV: stray quote", "crawl.csv", "url\n/a\n/b\"c\",d\n", Options{}, `crawl.csv: line 3, column 3: not valid CSV: bare " in non-quoted-field`},
		{"CSV without a URL column", "crawl.csv", "status,title\n200,x\n", Options{}, `line 1: no column named url, address or loc; the header has "status", "title"`},
		{"CSV column not there", "crawl.csv", "url\n/a\n", Options{Column: "Address"}, `no column named "Address"`},
		{"CSV column zero", "crawl.csv", "url\n/a\n", Options{Column: "0"}, "numbered from 1"},
		{"empty CSV", "crawl.csv", "", Options{}, "no the header row"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(tt.file, strings.NewReader(tt.text), tt.opt)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want it to hold %q", err, tt.want)
			}
		})
	}
}

// readFiles is Scan keeping the entries, as Read does.
func readFiles(names []string, open Opener, opt Options) (*List, error) {
	var kept []Entry
	l, err := Scan(names, open, opt, func(e Entry, _ string) error { kept = append(kept, e); return nil })
	if err != nil {
		return nil, err
	}
	l.Entries = kept
	return l, nil
}

// TestScanIndex: an index given with its sitemaps loads them all; a
// sitemap it lists that was not given is reported, never fetched.
func TestScanIndex(t *testing.T) {
	files := map[string]string{
		"index.xml": `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>https://example.com/sitemap-1.xml.gz</loc></sitemap>
<sitemap><loc>https://example.com/sitemap-2.xml</loc></sitemap>
<sitemap><loc>https://example.com/sitemap-3.xml</loc></sitemap>
</sitemapindex>`,
		"sitemap-1.xml.gz":  gz(t, "<urlset><url><loc>/one</loc></url></urlset>"),
		"dir/sitemap-2.xml": "<urlset><url><loc>/two</loc></url><url><loc>/one</loc></url></urlset>",
	}
	open := func(name string) (io.ReadCloser, error) {
		s, ok := files[name]
		if !ok {
			return nil, fmt.Errorf("open %s: no such file", name)
		}
		return io.NopCloser(strings.NewReader(s)), nil
	}
	l, err := readFiles([]string{"index.xml", "sitemap-1.xml.gz", "dir/sitemap-2.xml"}, open, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(l), "1:/one 1:/two 4:missing 1:duplicate"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if p := l.Problems[0]; p.File != "index.xml" || !strings.Contains(p.Message, "sitemap-3.xml") || !strings.Contains(p.Message, "never fetched") {
		t.Errorf("missing sitemap reported as %v", p)
	}
	if got := l.Where(l.Entries[1]); got != "dir/sitemap-2.xml:1" {
		t.Errorf("Where = %s", got)
	}
	if _, err := readFiles([]string{"nope.xml"}, open, Options{}); err == nil {
		t.Error("a file that cannot be opened is no error")
	}
}

// TestProblemMessagesQuote: a message quotes the input as it was read,
// in double quotes; what shows it escapes it, once.
func TestProblemMessagesQuote(t *testing.T) {
	l, err := Read("u.txt", strings.NewReader("/a\x1b]0;x\x07\n/b\\\n/b\\\n"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"control character \"\x1b\" at byte 3", `"/b\" is listed before, at u.txt:2; it is checked once`}
	for i, p := range l.Problems {
		if p.Message != want[i] {
			t.Errorf("problem %d: %q, want %q", i, p.Message, want[i])
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Add("urls.txt", "/a\n/b\n")
	f.Add("sitemap.xml", urlset)
	f.Add("crawl.csv", "url\n/a\n")
	f.Fuzz(func(t *testing.T, name, text string) {
		l, err := Read(name, strings.NewReader(text), Options{MaxURLs: 50, MaxBytes: 1 << 16})
		if err != nil {
			return
		}
		if len(l.Entries) > 50 {
			t.Fatalf("%d entries past the limit", len(l.Entries))
		}
		seen := map[string]bool{}
		for _, e := range l.Entries {
			if seen[e.URL] {
				t.Fatalf("%q kept twice", e.URL)
			}
			seen[e.URL] = true
		}
	})
}

// TestScan: the streamed form hands on what Read keeps, and the lines it
// refuses with the reason, in order, and stops at its function's error.
func TestScan(t *testing.T) {
	text := "/a\n/b\n/a\nx\x7f\n/c\n"
	open := func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text)), nil }
	kept, err := Read("u.txt", strings.NewReader(text), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	l, err := Scan([]string{"u.txt"}, open, Options{}, func(e Entry, file string) error {
		got = append(got, fmt.Sprintf("%s:%d:%s", file, e.Line, e.URL))
		if e.Err != "" {
			got[len(got)-1] += " (" + e.Err + ")"
		}
		return nil
	})
	if err != nil || len(l.Entries) != 0 || l.Count != 3 || len(l.Problems) != len(kept.Problems) {
		t.Fatalf("Scan = %+v, %v", l, err)
	}
	// The malformed line is handed on in its place, with the reason.
	if strings.Join(got, " ") != "u.txt:1:/a u.txt:2:/b u.txt:4:x\x7f (control character \"\x7f\" at byte 2) u.txt:5:/c" {
		t.Errorf("got %q", got)
	}
	stop := fmt.Errorf("stop")
	n := 0
	if _, err := Scan([]string{"u.txt"}, open, Options{}, func(Entry, string) error { n++; return stop }); err != stop || n != 1 {
		t.Errorf("error %v after %d URLs", err, n)
	}
}

// lines reads as n lines of text, made as they are read: a list larger
// than the test would want to hold.
type lines struct {
	text string
	n    int
	buf  []byte
}

func (r *lines) Read(p []byte) (int, error) {
	for len(r.buf) < len(p) && r.n > 0 {
		r.buf = append(r.buf, r.text...)
		r.n--
	}
	if len(r.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.buf)
	r.buf = r.buf[:copy(r.buf, r.buf[n:])]
	return n, nil
}

// TestProblemsStayBounded: a list of nothing but duplicate and malformed
// lines keeps the first problems of each kind and counts the rest, in
// memory that does not grow with the list.
func TestProblemsStayBounded(t *testing.T) {
	const pairs = 200_000 // 400,000 problems: tens of megabytes kept one by one
	open := func(string) (io.ReadCloser, error) { return io.NopCloser(&lines{text: "/x\nx\x01\n", n: pairs}), nil }
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	l, err := Scan([]string{"urls.txt"}, open, Options{Format: Plain}, func(Entry, string) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	runtime.KeepAlive(l)
	if held > 1<<20 {
		t.Errorf("the list holds %d KiB after %d problems; want under 1 MiB", held>>10, 2*pairs-1)
	}
	if l.Count != 1 || l.Counts[Duplicate] != pairs-1 || l.Counts[Malformed] != pairs {
		t.Errorf("%d URLs, counts %v; want 1 URL, %d duplicates and %d malformed", l.Count, l.Counts, pairs-1, pairs)
	}
	if len(l.Problems) != 2*MaxProblems || l.Omitted() != 2*pairs-1-2*MaxProblems {
		t.Errorf("%d problems kept, %d omitted", len(l.Problems), l.Omitted())
	}
	// Malformed lines are the even ones, duplicates the odd ones from 3.
	if p := l.Problems[len(l.Problems)-1]; p.Line != 2*MaxProblems+1 || p.Kind != Duplicate {
		t.Errorf("last problem kept %v, want the %dth duplicate, at line %d", p, MaxProblems, 2*MaxProblems+1)
	}
}
