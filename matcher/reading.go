package matcher

import (
	"fmt"
	"strings"
)

// A Reading names one way of interpreting a robots.txt file.
type Reading string

// The readings the matcher implements.
const (
	// RFC9309 is RFC 9309 as written, with documented choices where the
	// RFC is silent. It is the default.
	RFC9309 Reading = "rfc9309"
)

// reader is what each reading implements: its own parse of the bytes into
// the shared line model, and its own evaluation.
type reader interface {
	// parse reads src, whose text (string(src)) the caller has made, so
	// that a source already held as a string is never copied.
	parse(src []byte, text string) *File
	evaluate(f *File, token string, t *Target) *Result
}

// readers holds every implemented reading, in the order they are shown,
// each with what it is.
var readers = []struct {
	impl reader
	info ReadingInfo
}{
	{rfc9309{}, ReadingInfo{RFC9309, "RFC 9309", "RFC 9309 as written, with documented choices where it is silent", ""}},
	{google{}, ReadingInfo{Google, "Google", "google/robotstxt robots.cc at 22b355f (2026), Google's open-source parser",
		"Googlebot, whose production parser the library is, lightly adapted (google/robotstxt README)"}},
	{python{}, ReadingInfo{Python, "CPython classic", "CPython's urllib.robotparser as shipped in 3.8 to 3.12 (and 3.13/3.14 before the RFC 9309 rewrite)", ""}},
	{pythonRFC{}, ReadingInfo{PythonRFC, "CPython RFC 9309", "CPython's urllib.robotparser after its RFC 9309 rewrite (gh-138907, PR 138908): 3.14.5 and later, and the 3.13 backport", ""}},
	{koster1996{}, ReadingInfo{Koster1996, "1996 draft", "the 1996 Internet-Draft draft-koster-robots (norobots-rfc)", ""}},
	// UsedBy: Apache Nutch delegates robots.txt parsing to crawler-commons
	// (NUTCH-1031, github.com/apache/nutch commit 9bade80); Apache
	// StormCrawler parses with SimpleRobotRulesParser (its
	// core/src/main/java/org/apache/stormcrawler/protocol/RobotRulesParser.java),
	// after setMaxCrawlDelay(Long.MAX_VALUE).
	{crawlerCommons{}, ReadingInfo{CrawlerCommons, "crawler-commons", "crawler-commons SimpleRobotRulesParser (8e14e27, 1.7-SNAPSHOT)",
		"Apache Nutch (NUTCH-1031); Apache StormCrawler (RobotRulesParser), which lifts the 300-second Crawl-delay limit"}},
	{protego{}, ReadingInfo{Protego, "Protego (Scrapy)", "scrapy/protego 0.6.1 (81f1b35), Scrapy's default robots.txt parser",
		"Scrapy: its ROBOTSTXT_PARSER setting defaults to scrapy.robotstxt.ProtegoRobotParser (Scrapy documentation, Settings, ROBOTSTXT_PARSER: https://docs.scrapy.org/en/latest/topics/settings.html)"}},
	// UsedBy: Crawlee, Apify's Node.js crawling framework: @crawlee/utils
	// depends on robots-parser ^3.0.1, and its RobotsTxtFile answers with
	// isAllowed, reading undefined as allowed (apify/crawlee,
	// packages/utils/package.json and packages/utils/src/internals/robots.ts).
	{robotsParser{}, ReadingInfo{RobotsParser, "robots-parser (npm)", "npm robots-parser 3.0.1 (samclarke)",
		"Crawlee (@crawlee/utils RobotsTxtFile), which reads isAllowed's undefined as allowed"}},
}

// ReadingInfo says what a reading is: for a reading that mirrors a
// program, which program and version, and who is known to run it.
type ReadingInfo struct {
	Name Reading
	// Title is a short label for tables and menus.
	Title string
	// Mirrors is the program and version the reading decides as, or the
	// text it reads for a reading of a document.
	Mirrors string
	// UsedBy names crawlers and frameworks known to run the program, each
	// with its source; empty where no source says.
	UsedBy string
}

// About returns what the reading r is; the zero ReadingInfo for an unknown
// one.
func About(r Reading) ReadingInfo {
	for _, x := range readers {
		if x.info.Name == r {
			return x.info
		}
	}
	return ReadingInfo{}
}

// Readings lists the implemented readings, the default first.
func Readings() []Reading {
	out := make([]Reading, len(readers))
	for i, r := range readers {
		out[i] = r.info.Name
	}
	return out
}

// ParseReading returns the reading with the given name, case-insensitively.
func ParseReading(name string) (Reading, error) {
	for _, r := range readers {
		if strings.EqualFold(string(r.info.Name), name) {
			return r.info.Name, nil
		}
	}
	names := make([]string, len(readers))
	for i, r := range readers {
		names[i] = string(r.info.Name)
	}
	return "", fmt.Errorf("unknown reading %q (known: %s)", name, strings.Join(names, ", "))
}

func readerFor(r Reading) reader {
	for _, x := range readers {
		if x.info.Name == r {
			return x.impl
		}
	}
	return nil
}

// Parse reads src under RFC 9309. It accepts any bytes.
func Parse(src []byte) *File { return ParseAs(RFC9309, src) }

// ParseAs reads src under the given reading; an unknown reading falls back
// to RFC 9309. It accepts any bytes; of a source over 2 GiB it reads only
// the first 2 GiB - 1 bytes (see Line), and says so in a diagnostic.
func ParseAs(r Reading, src []byte) *File {
	return parseWithin(readerOrRFC(r), src, string(src), maxSource)
}

// ParseText is ParseAs for a source held as a string, such as an editor's
// text or a file read into one: the File's strings are slices of text, and
// its Source is a copy of text's bytes.
func ParseText(r Reading, text string) *File {
	return parseWithin(readerOrRFC(r), []byte(text), text, maxSource)
}

// ParseShared is ParseAs for a caller that holds the source both as
// bytes and as a string over the same memory (a program that read a file
// and made a string of its buffer without a copy): the File keeps src as
// Source and slices text for its strings, so that the source is in memory
// once. Neither may change afterwards. When text is not src's bytes,
// ParseShared copies as ParseAs does.
func ParseShared(r Reading, src []byte, text string) *File {
	if string(src) != text { // compared in place, no copy
		return ParseAs(r, src)
	}
	return parseWithin(readerOrRFC(r), src, text, maxSource)
}

// readerOrRFC returns the reading named r; an unknown one falls back to
// RFC 9309.
func readerOrRFC(r Reading) reader {
	if impl := readerFor(r); impl != nil {
		return impl
	}
	return rfc9309{}
}

// parseWithin parses at most limit bytes of src. The line model holds
// int32 offsets, so a larger source is cut here, once for every reading,
// rather than wrapping offsets in each parser; no crawler reads that far
// anyway (RFC 9309 §2.5 asks for 500 KiB).
func parseWithin(impl reader, src []byte, text string, limit int) *File {
	if len(src) <= limit {
		return impl.parse(src, text)
	}
	f := impl.parse(src[:limit], text[:limit])
	at := position(f.Lines, limit)
	f.Diagnostics = append(f.Diagnostics, Diagnostic{Pos: at, End: at, Code: CodeSizeLimit, Severity: Error,
		Source:  "RFC 9309 §2.5",
		Message: fmt.Sprintf("the file is %d bytes; only its first %d were read, the rest was not read at all", len(src), limit)})
	f.Diagnostics.Sort()
	return f
}

// Evaluate decides whether token may crawl rawURL under the reading f was
// parsed with. The only error is a URL that cannot be read.
func (f *File) Evaluate(token, rawURL string) (*Result, error) {
	t, err := ParseTarget(rawURL)
	if err != nil {
		return nil, err
	}
	return f.EvaluateTarget(token, t), nil
}

// EvaluateTarget is Evaluate for a URL already read with ParseTarget.
func (f *File) EvaluateTarget(token string, t *Target) *Result {
	impl := readerFor(f.Reading)
	if impl == nil {
		impl = rfc9309{}
	}
	return impl.evaluate(f, token, t)
}

// Evaluate is f.Evaluate(token, rawURL).
func Evaluate(f *File, token, rawURL string) (*Result, error) { return f.Evaluate(token, rawURL) }
