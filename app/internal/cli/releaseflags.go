//go:build !wasm

package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"robots-explorer/app/internal/urllist"
	"robots-explorer/app/internal/view"
	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
	"robots-explorer/matcher/escape"
)

// crawlerChoice is what -crawlers or -tokens chose: crawlers from the
// directory (with their documented token chains), or bare product tokens
// (RFC 9309's meaning: that token alone, else *).
type crawlerChoice struct {
	crawlers, tokens string
}

func (c *crawlerChoice) register(fs *flag.FlagSet) {
	fs.StringVar(&c.crawlers, "crawlers", "", "evaluate as these crawlers from the directory, with their documented token chains: "+
		"comma-separated names, purposes (ai-training, search, …) or all")
	fs.StringVar(&c.tokens, "tokens", "", "evaluate these bare product tokens (comma-separated), as RFC 9309 reads them")
}

func (c *crawlerChoice) set() bool { return c.crawlers != "" || c.tokens != "" }

// resolve returns the chosen crawlers; with neither flag, def.
func (c *crawlerChoice) resolve(def string) ([]crawler.Crawler, error) {
	switch {
	case c.crawlers != "" && c.tokens != "":
		return nil, errors.New("-crawlers and -tokens exclude each other")
	case c.tokens != "":
		return bareTokens(c.tokens)
	case c.crawlers != "":
		return crawler.Select(c.crawlers)
	}
	return crawler.Select(def)
}

func bareTokens(list string) ([]crawler.Crawler, error) {
	var out []crawler.Crawler
	for _, t := range strings.Split(list, ",") {
		t = strings.TrimSpace(t)
		if t == "" {
			continue
		}
		if !matcher.ValidToken(t) {
			return nil, fmt.Errorf("-tokens: \"%s\" is not a product token (RFC 9309 §2.2.1: letters, '-' and '_')", t)
		}
		out = append(out, crawler.Bare(t))
	}
	if len(out) == 0 {
		return nil, errors.New("-tokens names no token")
	}
	return out, nil
}

// urlFiles is -urls (repeatable: a sitemap index and its sitemaps are
// given together), with the list reader's options.
type urlFiles struct {
	names   []string
	column  string
	format  string
	maxURLs int
	maxMiB  int64
	// refuse says why the reading cannot read a URL (urllist.Options).
	refuse func(string) error
}

func (u *urlFiles) register(fs *flag.FlagSet) {
	fs.Func("urls", "read URLs from `FILE`: a plain list, a sitemap or sitemap index (.xml, .xml.gz), or a CSV crawl export; "+
		"repeat it to give an index with its sitemaps (\"-\" is standard input)", func(s string) error {
		u.names = append(u.names, s)
		return nil
	})
	fs.StringVar(&u.column, "column", "", "the CSV column holding the URLs: its header name or number (default: url, address or loc)")
	fs.StringVar(&u.format, "format", "", "the -urls format: plain, sitemap or csv (default: from the name and first bytes)")
	fs.IntVar(&u.maxURLs, "max-urls", urllist.DefaultMaxURLs, "read at most `N` URLs")
	fs.Int64Var(&u.maxMiB, "max-mib", urllist.DefaultMaxBytes>>20, "read at most `N` MiB of each -urls file, after decompression")
}

func (u *urlFiles) options() urllist.Options {
	return urllist.Options{Format: urllist.Format(u.format), MaxURLs: u.maxURLs, MaxBytes: u.maxMiB << 20, Column: u.column, Refuse: u.refuse}
}

// scan reads the -urls files and then the URLs given as arguments, handing
// each URL to fn as it is read (memory stays bounded whatever their
// number), and a line that is not a URL with the reason, and then reports
// the list's other problems on stderr.
func (u *urlFiles) scan(args []string, stdin io.Reader, stderr io.Writer, cmd string, fn func(urllist.Entry, string) error) (*urllist.List, error) {
	switch urllist.Format(u.format) {
	case urllist.Auto, urllist.Plain, urllist.Sitemap, urllist.CSV:
	default:
		return nil, fmt.Errorf("-format \"%s\": plain, sitemap or csv", u.format)
	}
	names := u.names
	if len(args) > 0 {
		names = append(names[:len(names):len(names)], argsName)
	}
	open := func(name string) (io.ReadCloser, error) {
		switch name {
		case "-":
			return io.NopCloser(stdin), nil
		case argsName:
			return io.NopCloser(strings.NewReader(strings.Join(args, "\n"))), nil
		}
		return os.Open(name)
	}
	opt := u.options()
	if len(u.names) == 0 {
		opt.Format = urllist.Plain
	}
	l, err := urllist.Scan(names, open, opt, fn)
	if err != nil {
		return nil, err
	}
	for _, p := range l.Problems {
		if p.Kind != urllist.Malformed { // each has its error row
			fmt.Fprintf(stderr, "robots-explorer %s: %s\n", cmd, escape.Text(p.String()))
		}
	}
	for _, k := range problemKinds {
		if n := l.Counts[k.kind] - urllist.MaxProblems; n > 0 {
			fmt.Fprintf(stderr, "robots-explorer %s: and %s, not listed one by one\n", cmd, view.Plural(n, "more "+k.word))
		}
	}
	return l, nil
}

// problemKinds name the kinds of a list's problems in a count.
var problemKinds = []struct {
	kind urllist.Kind
	word string
}{{urllist.Duplicate, "duplicate"}, {urllist.Missing, "missing sitemap"}, {urllist.Invalid, "invalid element"}}

// argsName names the URLs given as arguments in messages.
const argsName = "(command line)"

// maxRobotsFile bounds what diff and test read of a robots.txt file:
// check's default limit, far past the 500 KiB a crawler reads (RFC 9309
// §2.5), short of filling memory with a file given by mistake.
const maxRobotsFile = defaultMaxSize

// readRobotsFile reads a robots.txt file ("-" is standard input) as
// readInput does: in one buffer that the string shares (sourceBytes), not
// grown by io.ReadAll and then copied, which would hold a file three
// times over while diff reads it.
func readRobotsFile(name string, stdin io.Reader) (string, error) {
	return readInput(name, stdin, maxRobotsFile, func(name string, max int64) error {
		return fmt.Errorf("%s: more than %d MiB; a robots.txt file is read to 500 KiB by crawlers (RFC 9309 §2.5)", name, max>>20)
	})
}
