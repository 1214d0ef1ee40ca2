package urllist

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// errHTML is what a sitemap that is a web page gets: a server that answers
// a missing sitemap with its error or login page sends HTML.
var errHTML = errors.New("this is an HTML page, not a sitemap (a server's error or login page instead of the file?)")

// readSitemap reads a urlset (sitemaps.org protocol: urlset > url > loc)
// or a sitemap index (sitemapindex > sitemap > loc), streamed. XML allows
// one root element; the URLs under a second urlset are read too, and it is
// reported.
func (l *List) readSitemap(file int, in *input) error {
	if head, _ := in.Peek(512); looksHTML(head) {
		return errHTML
	}
	d := xml.NewDecoder(in)
	d.Strict = true
	var (
		path  []string // local names of the open elements
		root  string   // of the element open at the top, or the last one
		skip  bool     // the root is a second one, and no sitemap's
		loc   strings.Builder
		inLoc bool
		line  int
	)
	for {
		tok, err := d.Token()
		if err != nil {
			if errors.Is(err, io.EOF) && root != "" && len(path) == 0 {
				return nil
			}
			if root == "" && errors.Is(err, io.EOF) {
				return errors.New("no XML element: an empty sitemap")
			}
			return xmlError(err)
		}
		switch t := tok.(type) {
		case xml.Directive:
			if err := checkDirective(d, t); err != nil {
				return err
			}
		case xml.StartElement:
			if len(path) == 0 {
				if skip, err = l.openRoot(file, d, root, t.Name.Local); err != nil {
					return err
				}
				root = t.Name.Local
			}
			path = append(path, t.Name.Local)
			if len(path) > maxDepth {
				ln, _ := d.InputPos()
				return fmt.Errorf("line %d: elements nested more than %d deep; a sitemap nests 3", ln, maxDepth)
			}
			if !skip && len(path) == 3 && t.Name.Local == "loc" && (path[1] == "url" || path[1] == "sitemap") {
				inLoc = true
				line, _ = d.InputPos()
				loc.Reset()
			}
		case xml.CharData:
			if inLoc && loc.Len() <= maxURLLength {
				loc.Write(t)
			}
		case xml.EndElement:
			if inLoc && len(path) == 3 {
				inLoc = false
				if !l.addLoc(file, line, root, strings.TrimSpace(loc.String())) {
					return nil
				}
			}
			path = path[:len(path)-1]
		}
	}
}

// checkDirective refuses a DOCTYPE.
func checkDirective(d *xml.Decoder, t xml.Directive) error {
	if !bytes.HasPrefix(bytes.ToUpper(bytes.TrimSpace(t)), []byte("DOCTYPE")) {
		return nil
	}
	if bytes.Contains(bytes.ToLower(t), []byte("html")) {
		return errHTML
	}
	ln, _ := d.InputPos()
	return fmt.Errorf("line %d: a DOCTYPE declaration: a sitemap needs none, and the entities it could declare are refused (they are how an XML bomb works)", ln)
}

// openRoot checks a root element, name, the file's first when root is
// empty; a later one is reported, and skip says whether what it holds is
// left unread (it is no sitemap's).
func (l *List) openRoot(file int, d *xml.Decoder, root, name string) (skip bool, err error) {
	if root == "" {
		return false, checkRoot(name)
	}
	ln, _ := d.InputPos()
	if name != "urlset" && name != "sitemapindex" {
		l.problem(file, ln, Invalid, fmt.Sprintf("a second root element, <%s>, which is no sitemap's: what it holds is not read", quoteName(name)))
		return true, nil
	}
	l.problem(file, ln, Invalid, fmt.Sprintf("a second root element, <%s>: XML allows one, and a sitemap has one; what it holds is read too", name))
	return false, nil
}

// addLoc keeps a urlset's URL, or notes a sitemap an index lists.
func (l *List) addLoc(file, line int, root, loc string) bool {
	if root == "sitemapindex" {
		l.checkIndexed(file, line, loc)
		return true
	}
	return l.add(file, line, loc)
}

func checkRoot(root string) error {
	switch strings.ToLower(root) {
	case "urlset", "sitemapindex":
		if root != strings.ToLower(root) {
			return fmt.Errorf("the root element is <%s>; the sitemaps protocol spells it in lower case", root)
		}
		return nil
	case "html":
		return errHTML
	}
	return fmt.Errorf("not a sitemap: the root element is <%s>, not <urlset> or <sitemapindex>", quoteName(root))
}

func quoteName(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7F {
			return '?'
		}
		return r
	}, s)
}

// looksHTML reports whether a file's first bytes are an HTML page's.
func looksHTML(head []byte) bool {
	t := bytes.ToLower(bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF")), " \t\r\n"))
	return bytes.HasPrefix(t, []byte("<!doctype html")) || bytes.HasPrefix(t, []byte("<html"))
}

func xmlError(err error) error {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("line %d: not well-formed XML: %s", se.Line, se.Msg)
	}
	return err
}
