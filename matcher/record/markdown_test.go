//go:build !js

package record

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/delivery"
	"robots-explorer/matcher/escape"
)

// renderScript parses each document of the JSON array on standard input
// with commonmark.js (the CommonMark reference implementation for
// JavaScript) and prints, for each, every node it made with the text under
// it, and the HTML it renders; and the HTML that markdown-it renders of it
// as GitHub would, with tables, raw HTML and links found in text
// (linkify), made to find every kind GitHub does and more: addresses
// without a scheme, www. or not, e-mail addresses, and the domain
// evil.example that the hostile texts name. GitHub (cmark-gfm) finds an
// e-mail address once it has joined each run of text, escapes read, where
// markdown-it looks at the run between two escapes: the e-mail addresses
// linkify finds in the joined runs of text are listed too.
const renderScript = `
const cm = require(process.env.COMMONMARK_JS);
const gfm = require(process.env.MARKDOWN_IT_JS)({html: true, linkify: true});
gfm.linkify.set({fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true}).tlds('example', true);
let src = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', d => src += d).on('end', () => {
  const text = n => { let s = '', w = n.walker(), e; while ((e = w.next())) if (e.entering && e.node.literal) s += e.node.literal; return s; };
  const out = JSON.parse(src).map(md => {
    const doc = new cm.Parser().parse(md);
    const nodes = [], w = doc.walker();
    let e;
    while ((e = w.next())) if (e.entering) nodes.push({type: e.node.type, literal: e.node.literal || '', text: text(e.node)});
    const emails = [];
    for (const t of gfm.parse(md, {})) for (const c of t.children || []) if (c.type === 'text')
      for (const m of gfm.linkify.match(c.content) || []) if (m.url.startsWith('mailto:')) emails.push(m.text);
    return {nodes, html: new cm.HtmlRenderer().render(doc), gfm: gfm.render(md), emails};
  });
  process.stdout.write(JSON.stringify(out));
});`

type markdownNode struct {
	Type, Literal, Text string
}

type rendered struct {
	Nodes []markdownNode
	HTML  string
	GFM   string // markdown-it's HTML
	// Emails are the e-mail addresses in the joined runs of text.
	Emails []string
}

// renderMarkdown renders each document of docs with the commonmark and
// markdown-it packages that make installs (COMMONMARK_JS and
// MARKDOWN_IT_JS name their folders), in one Node process. Under CI=true a
// missing renderer fails; elsewhere the test says what to install and is
// skipped.
func renderMarkdown(t *testing.T, docs []string) []rendered {
	t.Helper()
	const install = "run make commonmark markdown-it (npm install --prefix .cache/commonmark commonmark@0.31.2, " +
		"npm install --prefix .cache/markdown-it markdown-it@15.0.3) and set COMMONMARK_JS and MARKDOWN_IT_JS to " +
		".cache/commonmark/node_modules/commonmark and .cache/markdown-it/node_modules/markdown-it, as make test-go does"
	_, nodeErr := exec.LookPath("node")
	missing := nodeErr != nil
	var env []string
	for _, v := range []string{"COMMONMARK_JS", "MARKDOWN_IT_JS"} {
		mod := os.Getenv(v)
		if _, err := os.Stat(filepath.Join(mod, "package.json")); mod == "" || err != nil {
			missing = true
		}
		env = append(env, v+"="+mod)
	}
	if missing {
		msg := "the Markdown rendering test needs Node.js and the commonmark and markdown-it packages: " + install
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	in, err := json.Marshal(docs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", "-e", renderScript)
	cmd.Stdin = bytes.NewReader(in)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var r []rendered
	if err := json.Unmarshal(out, &r); err != nil || len(r) != len(docs) {
		t.Fatalf("node: %d results for %d documents, %v", len(r), len(docs), err)
	}
	return r
}

// hostileTexts are what a user may put in a token, a URL, a rule, a
// user-agent line or a delivery fact to make a Markdown record carry live
// markup.
var hostileTexts = []string{
	"<img src=x onerror=alert(1)>",
	"<script>alert(1)</script>",
	"`<script>alert(1)</script>`",
	"``` <b>x</b> ```",
	"a` <script>alert(1)</script> `b",
	"[link](javascript:alert(1))",
	"![img](javascript:alert(1))",
	"[ref]\n\n[ref]: javascript:alert(1)",
	"<http://evil.example/>",
	"x/http://evil.example/p.png",
	"HTTPS://EVIL.EXAMPLE/p.png",
	"(//evil.example/p)",
	"www.evil.example",
	"evil.example",
	"a@b.example",
	"mailto:a@b.example",
	"(1.2.3.4)",
	"&lt;script&gt; &#60;b&#62;",
	"*emph* _emph_ **strong** ~~gone~~",
	"a|b|c",
	"x\n# heading\n<script>x</script>",
	"x\r\n\r\n<div onclick=alert(1)>x</div>",
	"- list\n1. item\n> quote",
	"    indented code",
	"---",
	"\\`<i>x</i>\\`",
	"end with two spaces  ",
	"nul\x00 esc\x1b[2J",
}

// markdownElements are the nodes a record renders to: its headings,
// paragraphs, the bold verdict and effect, lists of notes and diagnostics,
// and code spans. (commonmark.js has no tables: a table row is text.)
var markdownElements = map[string]bool{
	"document": true, "heading": true, "paragraph": true, "text": true, "softbreak": true,
	"strong": true, "code": true, "list": true, "item": true,
}

var markdownHeadings = map[string]bool{
	"Crawl decision record": true, "Why": true, "Winning rule": true, "Matching rules": true, "Normalization": true,
	"Group selection": true, "Delivery": true, "Diagnostics": true, "Product token": true,
}

// hostileRecords builds records whose token, URL, rules, user-agent lines
// and delivery facts (typed, and captured with their WARC records) all
// carry h.
func hostileRecords(t *testing.T, h string) []*Record {
	t.Helper()
	src := "User-agent: " + h + "\nUser-agent: *\nDisallow: /" + h + "\nAllow: " + h + "\nDisallow: /\n"
	var out []*Record
	for _, reading := range matcher.Readings() {
		f := matcher.Parse(reading, []byte(src), matcher.ParseOptions{})
		for _, u := range []string{"/" + h, "https://example.com/" + h} {
			res, err := f.Evaluate(h, u)
			if err != nil {
				t.Fatalf("%q: %v", u, err)
			}
			for _, d := range []*delivery.Facts{nil,
				{Status: 200, ContentType: h, Redirects: []string{"https://example.com/" + h}},
				{Error: h, UnreachableSince: decisionTime.AddDate(0, 0, -40), CachedCopy: true},
				{Status: 200, ContentType: h, Size: 1 << 20, SizeAtLeast: true, Capture: &delivery.Evidence{Source: h, SHA256: h, Software: h,
					UserAgent: h, Token: h, Metadata: h, Hops: []delivery.Hop{{URL: h, Method: h, Status: 301, Location: h, RemoteAddr: h,
						TLSVersion: h, CertSubject: h, CertIssuer: h, RequestRecord: h, ResponseRecord: h, PayloadDigest: h, Truncated: h}}}}} {
				out = append(out, New(Input{File: f, Result: res, Delivery: d, Time: decisionTime, Tool: "robots-explorer", ToolVersion: h}))
			}
		}
	}
	return out
}

// A Markdown record, rendered by a real CommonMark renderer and by one of
// GitHub's flavour, holds no element but the record's own, whatever its
// token, URL, rules and delivery facts hold: no HTML, link (autolinks
// included) or image, no heading or emphasis from user text; and the
// user's text is still there, in code spans.
func TestRecordMarkdownRendersNoLiveMarkup(t *testing.T) {
	type doc struct {
		hostile string
		rec     *Record
		md      string
	}
	var docs []doc
	var mds []string
	for _, h := range hostileTexts {
		for _, r := range hostileRecords(t, h) {
			docs = append(docs, doc{h, r, r.Markdown()})
			mds = append(mds, docs[len(docs)-1].md)
		}
	}
	for i, out := range renderMarkdown(t, mds) {
		h, r, md := docs[i].hostile, docs[i].rec, docs[i].md
		var codes []string
		for _, n := range out.Nodes {
			switch {
			case !markdownElements[n.Type]:
				t.Fatalf("%q (%s): a %s node (%q) in\n%s", h, r.Reading, n.Type, n.Text, md)
			case n.Type == "heading" && !markdownHeadings[n.Text]:
				t.Fatalf("%q (%s): heading %q in\n%s", h, r.Reading, n.Text, md)
			case n.Type == "strong" && !strings.HasPrefix(n.Text, "Allowed") && !strings.HasPrefix(n.Text, "Disallowed") && !strings.HasPrefix(n.Text, "Effect: ") && n.Text != "Not settled by the delivery facts":
				t.Fatalf("%q (%s): bold %q in\n%s", h, r.Reading, n.Text, md)
			case n.Type == "code":
				codes = append(codes, n.Literal)
			}
		}
		if len(out.Emails) > 0 {
			t.Fatalf("%q (%s): GitHub links the e-mail addresses %q of\n%s", h, r.Reading, out.Emails, md)
		}
		for _, x := range []struct{ renderer, html string }{{"commonmark.js", out.HTML}, {"markdown-it (GFM)", out.GFM}} {
			for _, tag := range htmlTags(x.html) {
				if !recordTags[tag] {
					t.Fatalf("%q (%s): <%s> in the HTML of %s:\n%s", h, r.Reading, tag, x.renderer, x.html)
				}
			}
		}
		// The token survives, escaped, in its code span (a table cell's,
		// with pipes escaped as GFM wants them).
		if want := strings.ReplaceAll(escape.Text(h), "|", `\|`); !containsTrimmed(codes, want) {
			t.Fatalf("%q (%s): no code span holds %q: %q", h, r.Reading, want, codes)
		}
		checkTableRows(t, h, md)
	}
}

// recordTags are the elements a record renders to: commonmark.js writes
// its tables as paragraphs, markdown-it as tables.
var recordTags = map[string]bool{"h1": true, "h2": true, "p": true, "strong": true, "code": true, "ul": true, "li": true,
	"table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true}

// htmlTags lists the element names of the rendered HTML. The renderer
// writes every '<' of text as &lt;, so each '<' opens a tag.
func htmlTags(html string) []string {
	var tags []string
	for i := strings.IndexByte(html, '<'); i >= 0; i = strings.IndexByte(html, '<') {
		html = strings.TrimPrefix(html[i+1:], "/")
		end := strings.IndexAny(html, " />")
		if end < 0 {
			end = len(html)
		}
		tags = append(tags, html[:end])
	}
	return tags
}

func containsTrimmed(codes []string, want string) bool {
	for _, c := range codes {
		if strings.TrimSpace(c) == strings.TrimSpace(want) {
			return true
		}
	}
	return false
}

// checkTableRows checks what commonmark.js cannot: that every row of every
// table has as many cells as its header once GFM splits it at the pipes
// not escaped with a backslash.
func checkTableRows(t *testing.T, h, md string) {
	t.Helper()
	cols := 0
	for _, line := range strings.Split(md, "\n") {
		if !strings.HasPrefix(line, "|") {
			cols = 0
			continue
		}
		n := gfmCells(line)
		if cols == 0 {
			cols = n
		} else if n != cols {
			t.Fatalf("%q: the row %q has %d cells, its table %d", h, line, n, cols)
		}
	}
}

// gfmCells counts the cells of a table row as GFM splits it: at '|', where
// a backslash escapes the character after it.
func gfmCells(line string) int {
	pipes := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '|':
			pipes++
		}
	}
	return pipes - 1
}

// The prose escapes, one by one.
func TestMarkdownProse(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Allowed by line 2, `Allow: /fish*`.", "Allowed by line 2, \\`Allow: /fish\\*\\`."},
		{"<script>", `\<script\>`},
		{"[a](javascript:x)", `\[a\](javascript:x)`},
		{"# title", `\# title`},
		{"- item", `\- item`},
		{"12. item", `12\. item`},
		{"1.5 octets", `1\.5 octets`},
		{"rule 3. next", "rule 3. next"},
		{"a\nb", `a\\nb`},
		{"  lead and trail  ", "lead and trail"},
		{"&amp;", `\&amp;`},
		{"see http://evil.example/p.png.", `see http\:\//evil\.example/p\.png.`},
		{"www.evil.example, evil.example", `www\.evil\.example, evil\.example`},
		{"a@b.example, mailto:a@b.example", "a`@`b\\.example, mailto:a`@`b\\.example"},
		{"(//evil.example)", `(\//evil\.example)`},
		{"ends. Then: this.", "ends. Then: this."},
	}
	for _, tt := range tests {
		if got := prose(tt.in); got != tt.want {
			t.Errorf("prose(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
