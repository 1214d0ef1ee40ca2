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
// or a sitemap index (sitemapindex > sitemap > loc), streamed.
func (l *List) readSitemap(file int, in *input) error {
	if head, _ := in.Peek(512); looksHTML(head) {
		return errHTML
	}
	d := xml.NewDecoder(in)
	d.Strict = true
	var (
		path  []string // local names of the open elements
		root  string
		loc   strings.Builder
		inLoc bool
		line  int
	)
	for {
		tok, err := d.Token()
		if err != nil {
			if root == "" && errors.Is(err, io.EOF) {
				return errors.New("no XML element: an empty sitemap")
			}
			return xmlError(err)
		}
		switch t := tok.(type) {
		case xml.Directive:
			if bytes.HasPrefix(bytes.ToUpper(bytes.TrimSpace(t)), []byte("DOCTYPE")) {
				if bytes.Contains(bytes.ToLower(t), []byte("html")) {
					return errHTML
				}
				ln, _ := d.InputPos()
				return fmt.Errorf("line %d: a DOCTYPE declaration: a sitemap needs none, and the entities it could declare are refused (they are how an XML bomb works)", ln)
			}
		case xml.StartElement:
			path = append(path, t.Name.Local)
			if len(path) > maxDepth {
				ln, _ := d.InputPos()
				return fmt.Errorf("line %d: elements nested more than %d deep; a sitemap nests 3", ln, maxDepth)
			}
			if root == "" {
				root = t.Name.Local
				if err := checkRoot(root); err != nil {
					return err
				}
			}
			if len(path) == 3 && t.Name.Local == "loc" && (path[1] == "url" || path[1] == "sitemap") {
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
			if len(path) == 0 {
				return nil // what follows the root element is not read
			}
		}
	}
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
