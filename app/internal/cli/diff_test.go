//go:build !wasm

package cli

import (
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"robots-explorer/matcher"
	"slices"
	"strings"
	"testing"

	"robots-explorer/app/internal/urllist"
)

// writeFile writes body to name in dir and returns its path.
func writeFile(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func gzipped(s string) string {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.String()
}

const (
	oldRobots = "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /cart\n"
	newRobots = "User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /cart\nDisallow: /tmp/\n"
)

func TestDiffExitStatus(t *testing.T) {
	dir := t.TempDir()
	old, new := writeFile(t, dir, "old.txt", oldRobots), writeFile(t, dir, "new.txt", newRobots)
	urls := writeFile(t, dir, "urls.txt", "/private\n/tmp/x\n/public\n")
	tests := []commandCase{
		{"no change", []string{"diff", "-tokens", "Googlebot", old, old, "/tmp/x"}, exitSame,
			[]string{"0 of 1 verdicts changed (1 URL × 1 crawler)", "the files have the same lines"}, ""},
		{"a change for one crawler", []string{"diff", "-crawlers", "Googlebot,GPTBot", "-urls", urls, old, new}, exitChanged,
			[]string{"GPTBot\t/private\tallowed -> disallowed\told: Allowed: no rule of the applying group matches /private.\tnew: line 2: Disallow: /private",
				"Googlebot\t/tmp/x\tallowed -> disallowed\told: Allowed: no rule of the applying group matches /tmp/x.\tnew: line 6: Disallow: /tmp/",
				"1 URL now disallowed for Googlebot", "1 URL now disallowed for GPTBot", "2 of 6 verdicts changed (3 URLs × 2 crawlers)",
				"-     2    -\tDisallow: /private/", "+*    -    2\tDisallow: /private\t(decided 1 changed verdict)",
				"+*    -    6\tDisallow: /tmp/\t(decided 1 changed verdict)"}, ""},
		{"-all lists unchanged pairs", []string{"diff", "-all", "-tokens", "Googlebot", old, new, "/public"}, exitSame,
			[]string{"Googlebot\t/public\tallowed (unchanged)\tAllowed: no rule of the applying group matches /public."}, ""},
		{"the documented chain is said", []string{"diff", "-crawlers", "Googlebot-Image,AdsBot-Google", old, new, "/tmp/x"}, exitChanged,
			[]string{"Googlebot-Image\t/tmp/x\tallowed -> disallowed\told: Allowed: no rule of the applying group matches /tmp/x.\tnew: line 6: Disallow: /tmp/",
				"Googlebot-Image (old and new): No group names Googlebot-Image; Google documents that this crawler then obeys the Googlebot group " +
					"(the operator's behaviour, not the parser's; https://developers.google.com/search/docs/crawling-indexing/overview-google-crawlers)."}, ""},
		{"every crawler by default", []string{"diff", old, new, "/private"}, exitChanged, []string{"1 URL now disallowed for GPTBot"}, ""},
		{"another reading", []string{"diff", "-reading", "python", "-tokens", "Googlebot", old, new, "/tmp/x"}, exitChanged, nil, ""},
		{"missing NEW", []string{"diff", old}, ExitUsage, nil, "diff needs OLD and NEW"},
		{"no URLs", []string{"diff", old, new}, ExitUsage, nil, "diff needs URLs"},
		{"unknown crawler", []string{"diff", "-crawlers", "Fishbot", old, new, "/"}, ExitUsage, nil, `unknown crawler "Fishbot"`},
		{"bad token", []string{"diff", "-tokens", "Google bot", old, new, "/"}, ExitUsage, nil, "not a product token"},
		{"both -json and -csv", []string{"diff", "-json", "-csv", old, new, "/"}, ExitUsage, nil, "exclude each other"},
		{"missing file", []string{"diff", old, old + ".none", "/"}, ExitUsage, nil, "no such file"},
		{"a directory for a file", []string{"diff", old, dir, "/"}, ExitUsage, nil, "is a directory"},
		{"stdin twice", []string{"diff", "-urls", "-", "-", new}, ExitUsage, nil, "standard input cannot be both"},
		{"missing -urls file", []string{"diff", "-urls", urls + ".none", old, new}, ExitUsage, nil, "no such file"},
		{"bad -format", []string{"diff", "-format", "xls", "-urls", urls, old, new}, ExitUsage, nil, `-format "xls"`},
	}
	runCommandCases(t, tests)
}

func contains(lines []string, s string) bool {
	for _, l := range lines {
		if l == s {
			return true
		}
	}
	return false
}

func TestDiffJSONAndCSV(t *testing.T) {
	dir := t.TempDir()
	old, new := writeFile(t, dir, "old.txt", oldRobots), writeFile(t, dir, "new.txt", newRobots)
	code, out, _ := runArgs("", "diff", "-json", "-tokens", "Googlebot", old, new, "/tmp/x", "/public")
	if code != exitChanged {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("want one pair and the summary, got %q", lines)
	}
	var pair pairJSON
	if err := json.Unmarshal([]byte(lines[0]), &pair); err != nil || pair.URL != "/tmp/x" || pair.New.Line != 6 || pair.Old.Allowed == pair.New.Allowed {
		t.Errorf("pair %+v (%v)", pair, err)
	}
	var sum map[string]diffSummaryJSON
	if err := json.Unmarshal([]byte(lines[1]), &sum); err != nil || !sum["summary"].Changed || sum["summary"].Counts[0].NowDisallowed != 1 ||
		len(sum["summary"].LineDiff) != 3 {
		t.Errorf("summary %+v (%v)", sum, err)
	}

	code, out, errOut := runArgs("", "diff", "-csv", "-all", "-tokens", "Googlebot,GPTBot", old, new, "/tmp/x")
	if code != exitChanged {
		t.Fatalf("exit %d", code)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) != 3 || strings.Join(recs[0], ",") != "crawler,url,source,changed,old_verdict,old_line,old_rule,new_verdict,new_line,new_rule" {
		t.Fatalf("csv %q (%v)", recs, err)
	}
	if got := strings.Join(recs[1], ","); got != "Googlebot,/tmp/x,(command line):1,true,allowed,,Allowed: no rule of the applying group matches /tmp/x.,disallowed,6,Disallow: /tmp/" {
		t.Errorf("row %s", got)
	}
	if !strings.Contains(errOut, "1 URL now disallowed for Googlebot") {
		t.Errorf("the counts go to stderr with -csv: %q", errOut)
	}
}

// TestDiffURLLists: every list format the list reader knows, and the
// malformed ones, end as the exit status says.
func TestDiffURLLists(t *testing.T) {
	dir := t.TempDir()
	old, new := writeFile(t, dir, "old.txt", oldRobots), writeFile(t, dir, "new.txt", newRobots)
	sitemap := "<urlset><url><loc>https://example.com/tmp/x</loc></url></urlset>"
	files := map[string]string{
		"sitemap.xml":    sitemap,
		"sitemap.xml.gz": gzipped(sitemap),
		"index.xml":      "<sitemapindex><sitemap><loc>https://example.com/sitemap.xml.gz</loc></sitemap></sitemapindex>",
		"crawl.csv":      "Address,Status\nhttps://example.com/tmp/x,200\n",
		"bad.csv":        "url\n/a\"b\n",
		"bomb.xml":       "<?xml version=\"1.0\"?><!DOCTYPE b [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]><urlset><url><loc>&b;</loc></url></urlset>",
		"gzbomb.xml.gz":  gzipped("<urlset>" + strings.Repeat(" ", 3<<20)),
		"html.xml":       "<!DOCTYPE html><html><body>404</body></html>",
		"dupes.txt":      "/tmp/x\n/tmp/x\nmailto:x\n",
		"two-roots.xml":  sitemap + "\n" + strings.ReplaceAll(sitemap, "tmp/x", "tmp/y"),
		"many-dupes.txt": strings.Repeat("/tmp/x\n", 1+urllist.MaxProblems+50),
	}
	for name, body := range files {
		writeFile(t, dir, name, body)
	}
	p := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		name string
		args []string
		code int
		err  string
	}{
		{"sitemap", []string{"-urls", p("sitemap.xml")}, exitChanged, ""},
		{"sitemap.xml.gz", []string{"-urls", p("sitemap.xml.gz")}, exitChanged, ""},
		{"index with its sitemap", []string{"-urls", p("index.xml"), "-urls", p("sitemap.xml.gz")}, exitChanged, ""},
		{"index alone: nothing fetched, nothing checked", []string{"-urls", p("index.xml")}, ExitUsage,
			"missing: the index lists \"https://example.com/sitemap.xml.gz\", which was not given"},
		{"CSV crawl export", []string{"-urls", p("crawl.csv")}, exitChanged, ""},
		{"duplicates and malformed lines reported", []string{"-urls", p("dupes.txt")}, ExitUsage, "dupes.txt:2: duplicate"},
		{"sitemap with two roots: both read, and said", []string{"-urls", p("two-roots.xml")}, exitChanged,
			"two-roots.xml:2: invalid: a second root element, <urlset>: XML allows one, and a sitemap has one; what it holds is read too"},
		{"duplicates past the first ones counted", []string{"-urls", p("many-dupes.txt")}, exitChanged, "and 50 more duplicates, not listed one by one"},
		{"bad CSV", []string{"-urls", p("bad.csv")}, ExitUsage, "bad.csv: line 2, column 3: not valid CSV"},
		{"XML bomb", []string{"-urls", p("bomb.xml")}, ExitUsage, "a DOCTYPE declaration"},
		{"gzip bomb", []string{"-max-mib", "1", "-urls", p("gzbomb.xml.gz")}, ExitUsage, "decompresses to more than 1048576 bytes"},
		{"HTML as sitemap", []string{"-urls", p("html.xml")}, ExitUsage, "this is an HTML page, not a sitemap"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string{"diff", "-tokens", "Googlebot"}, tt.args...), old, new)
			code, out, errOut := runArgs("", args...)
			if code != tt.code || !strings.Contains(errOut, tt.err) {
				t.Errorf("exit %d (want %d), stderr %q (want %q)\n%s", code, tt.code, errOut, tt.err, out)
			}
		})
	}
}

// TestDiffListNeverStops: a line of the list that is not a URL gets its
// row, error with the reason, in every output form, and the others are
// checked; the exit status is 2 after the last line, and when nothing was
// checked at all.
func TestDiffListNeverStops(t *testing.T) {
	dir := t.TempDir()
	old, new := writeFile(t, dir, "old.txt", oldRobots), writeFile(t, dir, "new.txt", newRobots)
	list := writeFile(t, dir, "urls.txt", "/tmp/a\nmailto:x@example.com\n/b\njavascript:fish()\n/tmp/c\n")
	bad := writeFile(t, dir, "bad.txt", "mailto:xx\njavascript:yy\n")
	empty := writeFile(t, dir, "empty.txt", "# none\n")
	refusal := func(u string) string { _, err := matcher.ParseTarget(u); return err.Error() }
	mailto, fish := refusal("mailto:x@example.com"), refusal("javascript:fish()")
	csvQuote := func(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
	now := func(u string) string {
		return "Googlebot\t" + u + "\tallowed -> disallowed\told: Allowed: no rule of the applying group matches " + u + ".\tnew: line 6: Disallow: /tmp/"
	}
	tests := []struct {
		name string
		args []string
		rows []string // the lines of standard output up to the first blank one
		err  string
	}{
		{"text", []string{"-urls", list}, []string{now("/tmp/a"), "\tmailto:x@example.com\terror\t" + list + ":2: " + mailto,
			"\tjavascript:fish()\terror\t" + list + ":4: " + fish, now("/tmp/c")}, "2 lines could not be checked: see their error rows"},
		{"-csv", []string{"-csv", "-urls", list}, []string{"crawler,url,source,changed,old_verdict,old_line,old_rule,new_verdict,new_line,new_rule",
			"Googlebot,/tmp/a," + list + ":1,true,allowed,,Allowed: no rule of the applying group matches /tmp/a.,disallowed,6,Disallow: /tmp/",
			",mailto:x@example.com," + list + ":2,,error,," + csvQuote(mailto) + ",error,," + csvQuote(mailto),
			",javascript:fish()," + list + ":4,,error,," + csvQuote(fish) + ",error,," + csvQuote(fish),
			"Googlebot,/tmp/c," + list + ":5,true,allowed,,Allowed: no rule of the applying group matches /tmp/c.,disallowed,6,Disallow: /tmp/"},
			"2 lines could not be checked"},
		{"every line malformed", []string{"-urls", bad}, []string{"\tmailto:xx\terror\t" + bad + ":1: " + refusal("mailto:xx"),
			"\tjavascript:yy\terror\t" + bad + ":2: " + refusal("javascript:yy")},
			"no line of the list could be checked: nothing was checked"},
		{"no URL in the list", []string{"-urls", empty}, nil, "the list holds no URL: nothing was checked"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string{"diff", "-tokens", "Googlebot"}, tt.args...), old, new)
			code, out, errOut := runArgs("", args...)
			lines := strings.Split(out, "\n")
			rows := strings.Join(lines[:slices.Index(lines, "")], "\n")
			if code != ExitUsage || rows != strings.Join(tt.rows, "\n") || !strings.Contains(errOut, tt.err) {
				t.Errorf("exit %d (want 2)\n%s\nwant\n%s\nstderr %q, want it to hold %q", code, rows, strings.Join(tt.rows, "\n"), errOut, tt.err)
			}
		})
	}
	code, out, _ := runArgs("", "diff", "-json", "-tokens", "Googlebot", "-urls", list, old, new)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var row uncheckedJSON
	var sum map[string]diffSummaryJSON
	if err := json.Unmarshal([]byte(lines[1]), &row); err != nil || code != ExitUsage || len(lines) != 5 ||
		row != (uncheckedJSON{Verdict: "error", URL: "mailto:x@example.com", Source: list + ":2", Error: mailto}) {
		t.Errorf("-json: exit %d, row %+v (%v)\n%s", code, row, err, out)
	}
	if err := json.Unmarshal([]byte(lines[4]), &sum); err != nil || sum["summary"].Unchecked != 2 || sum["summary"].URLs != 3 {
		t.Errorf("-json summary %+v (%v)", sum, err)
	}
}

// TestDiffEscapesControls: a URL or a rule holding terminal controls is
// printed escaped in text and CSV.
func TestDiffEscapesControls(t *testing.T) {
	dir := t.TempDir()
	old := writeFile(t, dir, "old.txt", "User-agent: *\nAllow: /\n")
	new := writeFile(t, dir, "new.txt", "User-agent: *\nDisallow: /a\x1b]0;pwned\x07\n")
	urls := writeFile(t, dir, "urls.txt", "/a\x1b]0;pwned\x07\n/a\u009b31m\n")
	for _, format := range []string{"-all", "-csv", "-json"} {
		_, out, errOut := runArgs("", "diff", format, "-tokens", "Googlebot", "-urls", urls, old, new, "/a\u009b2J")
		if !strings.Contains(out, `a\x1B]0;pwned\x07`) && !strings.Contains(out, `a\u001b]0;pwned\u0007`) {
			t.Fatalf("%s: no row of the URL with controls:\n%s\n%s", format, out, errOut)
		}
		if strings.ContainsAny(out+errOut, "\x1b\x07\u009b") {
			t.Errorf("%s: a raw control reached the output:\n%q\n%q", format, out, errOut)
		}
	}
}

// TestDiffManyURLs: a list of several batches, checked on every core,
// prints its pairs in list order and counts them all.
func TestDiffManyURLs(t *testing.T) {
	dir := t.TempDir()
	old, new := writeFile(t, dir, "old.txt", oldRobots), writeFile(t, dir, "new.txt", newRobots)
	var b strings.Builder
	const n = 5000
	for i := range n {
		fmt.Fprintf(&b, "/tmp/%d\n/keep/%d\n", i, i)
	}
	urls := writeFile(t, dir, "urls.txt", b.String())
	code, out, errOut := runArgs("", "diff", "-csv", "-tokens", "Googlebot", "-urls", urls, old, new)
	if code != exitChanged {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) != n+1 {
		t.Fatalf("%d rows (%v)", len(recs), err)
	}
	for i, rec := range recs[1:] {
		if rec[1] != fmt.Sprintf("/tmp/%d", i) || rec[2] != fmt.Sprintf("%s:%d", urls, 2*i+1) {
			t.Fatalf("row %d: %q", i, rec)
		}
	}
	if !strings.Contains(errOut, fmt.Sprintf("%d URLs now disallowed for Googlebot", n)) ||
		!strings.Contains(errOut, fmt.Sprintf("%d of %d verdicts changed", n, 2*n)) {
		t.Errorf("counts: %s", errOut)
	}
	// The same list with -max-urls: cut, and said so.
	code, _, errOut = runArgs("", "diff", "-max-urls", "10", "-tokens", "Googlebot", "-urls", urls, old, new)
	if code != exitChanged || !strings.Contains(errOut, "urls.txt:11: limit") {
		t.Errorf("exit %d, %s", code, errOut)
	}
}
