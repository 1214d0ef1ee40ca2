//go:build !wasm

package site

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// writePages rewrites each page go-app's generator wrote in out so that a
// plain static host serves it and two runs write the same bytes:
//
//   - go-app writes an element's attributes in map order, which changes
//     from run to run; they are sorted;
//   - without a domain it writes og:url and og:image as "https://", which
//     are dropped (a crawler would read them as a broken URL);
//   - a page /lessons is written as lessons.html, which a plain static host
//     answers 404 for: it is also written as lessons/index.html, which
//     every static host serves for /lessons/ (and redirects /lessons to).
func writePages(out string, pages []string, domain string) error {
	for _, name := range pages {
		path := filepath.Join(out, name)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if data, err = canonicalPage(data, domain == ""); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
		if name == "index.html" {
			continue
		}
		dir := filepath.Join(out, strings.TrimSuffix(name, ".html"))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, "index.html"), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// canonicalPage sorts every element's attributes and, when dropOG is set,
// drops the og:url and og:image meta elements.
func canonicalPage(page []byte, dropOG bool) ([]byte, error) {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return nil, err
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; {
			next := c.NextSibling
			if dropOG && isHostlessOG(c) {
				n.RemoveChild(c)
			} else {
				walk(c)
			}
			c = next
		}
		slices.SortStableFunc(n.Attr, func(a, b html.Attribute) int {
			return cmp.Or(cmp.Compare(a.Namespace, b.Namespace), cmp.Compare(a.Key, b.Key))
		})
	}
	walk(doc)
	var b bytes.Buffer
	if err := html.Render(&b, doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// isHostlessOG reports whether n is <meta property="og:url"> or
// og:image, the two that name this site's own address.
func isHostlessOG(n *html.Node) bool {
	if n.Type != html.ElementNode || n.Data != "meta" {
		return false
	}
	for _, a := range n.Attr {
		if a.Key == "property" && (a.Val == "og:url" || a.Val == "og:image") {
			return true
		}
	}
	return false
}
