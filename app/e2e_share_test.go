//go:build e2e && !wasm

// Browser tests of sharing and teaching: permalinks in both
// forms, a tampered link, back and forward, a lesson example and the
// fixture register checked in the page. Same helpers as e2e_test.go.

package main

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/internal/view"
	"robots-explorer/app/lesson"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
	"robots-explorer/matcher/register"
)

// open loads path (with its fragment) as a new document, so the page
// starts from the link as a visitor's would.
func (p *page) open(path string) {
	p.t.Helper()
	p.do(chromedp.Navigate("about:blank"))
	p.do(chromedp.Navigate(p.srv.URL + path))
	p.do(chromedp.WaitNotPresent(chromedp.ID("app-wasm-loader")))
}

// waitRows waits until the results show want's URLs and verdicts and row
// chosen is the chosen one.
func (p *page) waitRows(w shown, chosen int) {
	p.t.Helper()
	p.waitFor(fmt.Sprintf(`(() => { const rows = [...document.querySelectorAll("table.results tbody tr")];
		return rows.map(r => r.querySelector("button.choose").textContent).join("\n") === %s &&
			rows.map(r => r.dataset.verdict).join() === %s &&
			rows[%d] && rows[%d].getAttribute("aria-current") === "true"; })()`,
		jsString(strings.Join(w.URLs, "\n")), jsString(strings.Join(w.Verdicts, ",")), chosen, chosen))
}

// linkExample is a state whose verdicts differ by reading: under google
// (the link's reading) the longer allow wins; python would disagree.
var linkExample = permalink.State{
	Robots:  "User-agent: *\nAllow: /fish*\nDisallow: /fish\nDisallow: /*.php$\n",
	Token:   "Googlebot",
	URLs:    []string{"/fish", "/fish.php", "/salmon"},
	Reading: string(matcher.Google),
}

// A readable link, its compact form, and the link "Copy link" makes all
// give the same state and verdicts, the reading and the chosen URL
// included.
func TestE2EPermalinkForms(t *testing.T) {
	p := openExplorer(t)
	s := view.LinkState(linkExample, 1)
	w := want(t, linkExample)
	read := func(label string) shown {
		p.waitRows(w, 1)
		if r := eval[string](p, `document.getElementById("reading").value`); r != "google" {
			t.Errorf("%s: reading %q, want google", label, r)
		}
		if src := eval[string](p, `document.getElementById("robots-src").value`); src != linkExample.Robots {
			t.Errorf("%s: editor holds %q", label, src)
		}
		return p.shown()
	}
	p.open("/#" + permalink.Readable(s))
	readable := read("readable")
	p.open("/#" + testkit.CompactLink(t, s))
	compact := read("compact")
	if readable.Chosen != compact.Chosen || readable.Winner != compact.Winner {
		t.Errorf("chosen verdict %q line %d (readable) vs %q line %d (compact)", readable.Chosen, readable.Winner, compact.Chosen, compact.Winner)
	}
	// "Copy link" makes the compact form of the same state.
	p.do(chromedp.Click(chromedp.ID("copy-link")))
	p.waitFor(`document.getElementById("share-link") !== null`)
	link := eval[string](p, `document.getElementById("share-link").value`)
	if !strings.HasPrefix(link, p.srv.URL+"/#z1=") {
		t.Fatalf("Copy link made %q, want the compact form", link)
	}
	p.open(strings.TrimPrefix(link, p.srv.URL))
	read("copied")
	p.noConsoleErrors()
}

// A tampered or cut-short link shows a message and leaves the work as it
// was, typed edits included. So does a decompression bomb: the browser's
// DecompressionStream is stopped, by counting its chunks, at 8 MiB.
func TestE2ETamperedLink(t *testing.T) {
	p := openExplorer(t)
	p.setField("token", "foobot")
	ex := view.RFC9309Example()
	ex.Token = "foobot"
	w := want(t, ex)
	p.waitRows(w, 0)
	good := testkit.CompactLink(t, view.LinkState(linkExample, 0))
	for _, frag := range []string{good[:len(good)-9], "z1=AAAA" + good[7:], "z7=abc", "url=%2F&reading=nosuch", bombLink(t)} {
		says := "Your work is unchanged"
		if len(frag) > 1000 {
			says = "larger than the explorer accepts"
		}
		seq := eval[string](p, `document.getElementById("notice").dataset.seq ?? ""`)
		eval[bool](p, fmt.Sprintf(`(() => { location.hash = %s; return true; })()`, jsString(frag)))
		p.waitFor(fmt.Sprintf(`(() => { const n = document.querySelector('#notice[data-kind="error"]');
			return n !== null && n.dataset.seq !== %s && n.textContent.includes(%s); })()`, jsString(seq), jsString(says)))
		if tok := eval[string](p, `document.getElementById("token").value`); tok != "foobot" {
			t.Errorf("%s: the token became %q", frag, tok)
		}
		if src := eval[string](p, `document.getElementById("robots-src").value`); src != ex.Robots {
			t.Errorf("%s: the file changed", frag)
		}
		sameRows(t, p.shown(), w)
	}
	p.noConsoleErrors()
}

// bombLink is a z1= link of about 12 KB that unpacks to 9 MiB, more than
// permalink.MaxState.
func bombLink(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("robots="))
	w.Write(bytes.Repeat([]byte("a"), 9<<20))
	w.Close()
	return "z1=" + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// Back and forward move between states: an edited link state, then the
// example loaded over it; the edited work is also offered back.
func TestE2EBackForward(t *testing.T) {
	p := openExplorer(t)
	p.open("/#" + permalink.Readable(view.LinkState(linkExample, 0)))
	p.waitRows(want(t, linkExample), 0)
	p.setField("token", "foobot")
	edited := linkExample
	edited.Token = "foobot"
	// The edit reaches the address bar once the input is still.
	p.waitFor(`location.hash.startsWith("#z1=")`)
	p.do(chromedp.Click(chromedp.CSS(`.label-row button`))) // load RFC 9309's example
	p.waitRows(want(t, view.RFC9309Example()), 0)
	if !eval[bool](p, `document.getElementById("restore-previous") !== null`) {
		t.Error("the edited work was replaced without a way back")
	}
	eval[bool](p, `(() => { history.back(); return true; })()`)
	p.waitRows(want(t, edited), 0)
	if tok := eval[string](p, `document.getElementById("token").value`); tok != "foobot" {
		t.Errorf("after Back the token is %q, want foobot", tok)
	}
	eval[bool](p, `(() => { history.forward(); return true; })()`)
	p.waitRows(want(t, view.RFC9309Example()), 0)
	// The way back to the edited work.
	p.do(chromedp.Click(chromedp.ID("restore-previous")))
	p.waitRows(want(t, edited), 0)
	if tok := eval[string](p, `document.getElementById("token").value`); tok != "foobot" {
		t.Errorf("after Restore the token is %q, want foobot", tok)
	}
	p.noConsoleErrors()
}

// A lesson's example opens in the explorer with the verdicts it teaches,
// and the lessons page shows where readings disagree.
func TestE2ELessonExample(t *testing.T) {
	p := openExplorer(t)
	p.open("/lessons")
	p.waitFor(`document.querySelector('.example[data-disagree="true"] .difference') !== null`)
	l := lesson.All()[0]
	x := l.Examples[0]
	p.do(chromedp.Click(chromedp.ID("open-" + l.ID + "-0")))
	ex, _, err := view.Open(x.State)
	if err != nil {
		t.Fatal(err)
	}
	w := want(t, ex)
	if strings.Join(w.Verdicts, ",") != strings.Join(x.Expect, ",") {
		t.Fatalf("the matcher gives %v, the lesson teaches %v", w.Verdicts, x.Expect)
	}
	p.waitRows(w, 0)
	if tok := eval[string](p, `document.getElementById("token").value`); tok != x.Token {
		t.Errorf("token %q, want %q", tok, x.Token)
	}
	p.noConsoleErrors()
}

// The register page checks every case with the matcher in the page, and
// every case passes; a case opens in the explorer.
func TestE2ERegisterPage(t *testing.T) {
	cases, err := register.Cases()
	if err != nil {
		t.Fatal(err)
	}
	p := openExplorer(t)
	p.open("/register")
	p.waitFor(`(() => { const c = document.getElementById("register-count"); return c && c.dataset.checked === c.dataset.cases; })()`)
	count := eval[map[string]string](p, `({...document.getElementById("register-count").dataset})`)
	if count["cases"] != strconv.Itoa(len(cases)) || count["passed"] != count["cases"] || count["met"] != count["expectations"] {
		t.Errorf("register count %v, want all %d cases passing", count, len(cases))
	}
	if n := eval[int](p, `document.querySelectorAll('[data-case][data-status="pass"]').length`); n != len(cases) {
		t.Errorf("%d cases marked as passing, want %d; failing: %s", n, len(cases),
			eval[string](p, `[...document.querySelectorAll('[data-status="fail"]')].map(e => e.dataset.case).join(" ")`))
	}
	t.Logf("register page: %s", eval[string](p, `document.getElementById("register-count").textContent`))
	// A case's second query opens with that URL chosen.
	ci := 0
	for len(cases[ci].Queries) < 2 {
		ci++
	}
	p.do(chromedp.Click(chromedp.ID(fmt.Sprintf("open-case-%d-1", ci))))
	ex, chosen, err := view.Open(view.CaseState(cases[ci], 1))
	if err != nil {
		t.Fatal(err)
	}
	p.waitRows(want(t, ex), chosen)
	p.noConsoleErrors()
}

// Every golden z1= link (app/permalink/testdata, made by the explorer's
// earlier encoders) loads in the page, where the browser's
// DecompressionStream reads it: the editor and the token field show what
// the link holds.
func TestE2EGoldenLinks(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("permalink", "testdata", "golden-links.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	p := openExplorer(t)
	opened := 0
	for i := 0; i+1 < len(lines); i += 2 {
		s, err := permalink.Decode(lines[i+1])
		if err != nil || s.Robots == "" {
			continue // the empty state shows the default example, not itself
		}
		p.open("/#" + lines[i])
		p.waitFor(fmt.Sprintf(`document.getElementById("robots-src").value === %s && document.getElementById("token").value === %s`,
			jsString(s.Robots), jsString(s.Token)))
		opened++
	}
	if opened < 3 {
		t.Fatalf("opened %d golden links, want at least 3", opened)
	}
	p.noConsoleErrors()
}

// A link holds any number of URLs: 10,001 URL lines, more parameters than
// url.ParseQuery reads, go into the link "Copy link" makes, the link opens
// with every one of them, and a visit without a link restores them all
// from the saved work. "Save state to file" tells what the page holds: the
// URL field shows a window of a text this long.
func TestE2EManyURLsLink(t *testing.T) {
	p := openExplorer(t)
	urls := make([]string, 10_001)
	for i := range urls {
		urls[i] = fmt.Sprintf("/shop/item-%d", i%1000)
	}
	p.setField("urls", strings.Join(urls, "\n"))
	// The page analyses the first URLs; the state holds them all.
	analysed := `document.querySelector("table.results tbody tr button.choose")?.textContent === "/shop/item-0"`
	p.waitFor(analysed)
	p.do(chromedp.Click(chromedp.ID("copy-link")))
	p.waitFor(`document.getElementById("share-link") !== null`)
	link := eval[string](p, `document.getElementById("share-link").value`)
	for _, path := range []string{strings.TrimPrefix(link, p.srv.URL), "/"} {
		p.open(path)
		p.waitFor(analysed)
		eval[bool](p, captureDownloads)
		p.do(chromedp.Click(chromedp.ID("save-file")))
		s, err := permalink.Decode(strings.TrimSpace(p.lastDownload(1).Text))
		if err != nil || !slices.Equal(s.URLs, urls) {
			t.Errorf("opened at %.40s…, the page holds %d URLs (%v), want the %d of the copied link", path, len(s.URLs), err, len(urls))
		}
	}
	p.noConsoleErrors()
}

// Saved work that cannot be read is never replaced by the example: the
// page opens empty, says why, keeps the work (a later visit offers it
// again) and gives it back as a file; "Discard it" lets it go.
func TestE2EUnreadableSavedWork(t *testing.T) {
	p := openExplorer(t)
	for _, tc := range []struct {
		name, stored, reason, download string
	}{
		{"a link that cannot be read", `{"link":"token=kept&url=%2Fa&url=%zz","edited":true}`,
			`its parameters cannot be read (invalid URL escape "%zz")`, "token=kept&url=%2Fa&url=%zz"},
		{"not the form the page saves", `{"link":"token=kept&url=%2Fa`,
			"it is not in the form the explorer saves (unexpected end of JSON input)", `{"link":"token=kept&url=%2Fa`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			parent := p.t
			p.t = t
			defer func() { p.t = parent }()
			// Stored from a page of the site that saves nothing itself.
			p.do(chromedp.Navigate(p.srv.URL + "/robots.txt"))
			eval[bool](p, fmt.Sprintf(`(localStorage.removeItem(%q), localStorage.setItem(%q, %s), true)`,
				view.UnreadKey, view.WorkKey, jsString(tc.stored)))
			offered := `(document.getElementById("unread-work")?.textContent ?? "").includes(` + jsString(tc.reason) + `)`
			p.open("/")
			p.waitFor(offered)
			if src, tok := eval[string](p, `document.getElementById("robots-src").value`), eval[string](p, `document.getElementById("token").value`); src != "" || tok != "" {
				t.Errorf("beside the unread work the page shows the file %q and the token %q, want an empty page", src, tok)
			}
			// The page saves its own work; the unread work stays.
			p.waitFor(fmt.Sprintf(`localStorage.getItem(%q) !== %s`, view.WorkKey, jsString(tc.stored)))
			p.open("/")
			p.waitFor(offered)
			eval[bool](p, captureDownloads)
			p.do(chromedp.Click(chromedp.ID("download-unread")))
			if d := p.lastDownload(1); d.Text != tc.download+"\n" || d.Name != view.SaveFileName {
				t.Errorf("Download it gave %q as %q, want %q as %q", d.Text, d.Name, tc.download+"\n", view.SaveFileName)
			}
			p.do(chromedp.Click(chromedp.ID("discard-unread")))
			p.waitFor(`document.getElementById("unread-work") === null`)
			p.open("/")
			p.waitFor(`document.getElementById("robots-src").value === ` + jsString(view.RFC9309Example().Robots))
			if eval[bool](p, `document.getElementById("unread-work") !== null`) {
				t.Error("discarded work is offered again")
			}
		})
	}
	p.noConsoleErrors()
}

// Every field shows the state a link opened in the same tab carries, not
// what was typed before it: the product token and the delivery's status
// are written from the link, and the page's words agree with them.
func TestE2EFieldsFollowALink(t *testing.T) {
	p := openExplorer(t)
	p.replaceField("token", "Typedbot")
	p.do(chromedp.Click(chromedp.ID("delivery-summary")))
	p.replaceField("delivery-status", "503")
	p.waitFor(`document.getElementById("delivery-summary").textContent !== "Delivery: not verified"`)
	link := permalink.Readable(view.LinkState(linkExample, 0))
	eval[bool](p, fmt.Sprintf(`(() => { location.hash = %s; return true; })()`, jsString(link)))
	p.waitRows(want(t, linkExample), 0)
	got := eval[[]string](p, `["token", "delivery-status"].map(id => document.getElementById(id).value)`)
	if !slices.Equal(got, []string{linkExample.Token, ""}) {
		t.Errorf("after the link the token and status fields show %q, want %q and an empty status", got, linkExample.Token)
	}
	if s := eval[string](p, `document.getElementById("delivery-summary").textContent`); s != "Delivery: not verified" {
		t.Errorf("the delivery panel says %q", s)
	}
	p.noConsoleErrors()
}

// Random sequences of what a person does (typing a token or a status,
// pasting a file or URLs, opening a link in the same tab, loading the
// example):
// after each, every control shows the state the model of the sequence
// says, and the rows are the matcher's for it. The seed is logged.
func TestE2EControlsShowTheState(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	p := openExplorer(t)
	p.grantClipboard()
	p.do(chromedp.Click(chromedp.ID("delivery-summary")))
	exp := view.RFC9309Example()
	pick := func(list ...string) string { return list[rng.IntN(len(list))] }
	links := []permalink.State{linkExample,
		{Robots: "User-agent: Bingbot\nDisallow: /b\n", Token: "Bingbot", URLs: []string{"/b", "/a"}, Reading: string(matcher.RFC9309),
			Delivery: permalink.Delivery{Status: "404"}},
		{Robots: "User-agent: *\nDisallow: /\n", Token: "GPTBot", URLs: []string{"/x"}, Reading: string(matcher.RFC9309)}}
	for step := 0; step < 24; step++ {
		var did string
		switch rng.IntN(6) {
		case 0:
			exp.Token = pick("Googlebot", "Bingbot", "GPTBot", "examplebot")
			p.replaceField("token", exp.Token)
			did = "typed the token " + exp.Token
		case 1:
			exp.Delivery.Status = pick("", "200", "404", "503")
			p.focusField("delivery-status")
			p.key("a", "KeyA", 65, ctrl, "selectAll")
			p.key("Backspace", "Backspace", 8, 0)
			p.insertText(exp.Delivery.Status)
			did = "typed the status " + strconv.Quote(exp.Delivery.Status)
		case 2:
			exp.Robots = pick("User-agent: *\nDisallow: /private/\n", "User-agent: Googlebot\nAllow: /\nDisallow: /a\n", "User-agent: *\nAllow: /\n")
			p.paste("robots-src", exp.Robots)
			did = "pasted a file"
		case 3:
			exp.URLs = strings.Split(pick("/a\n/private/x", "/b", "/x\n/y\n/z"), "\n")
			p.paste("urls", strings.Join(exp.URLs, "\n"))
			did = "pasted URLs"
		case 4:
			exp = links[rng.IntN(len(links))]
			// Each link differs from the address bar's, as a new one would.
			exp.URLs = append(slices.Clone(exp.URLs), fmt.Sprintf("/step-%d", step))
			eval[bool](p, fmt.Sprintf(`(() => { location.hash = %s; return true; })()`, jsString(permalink.Readable(view.LinkState(exp, 0)))))
			did = "opened a link with the token " + exp.Token
		case 5:
			p.do(chromedp.Click(chromedp.CSS(`.field.file .label-row button.link`)))
			exp = view.RFC9309Example()
			did = "loaded the example"
		}
		p.controlsShow(exp, fmt.Sprintf("step %d: %s", step, did))
	}
	p.noConsoleErrors()
}

// controlsShow waits until the controls show exp and the rows' rule
// verdicts are the matcher's for it, and says what differs when they do
// not.
func (p *page) controlsShow(exp permalink.State, after string) {
	p.t.Helper()
	w := want(p.t, exp)
	type controls struct {
		Token, Status, Robots, URLs, Reading, Rows, Rules string
	}
	wantC := controls{exp.Token, exp.Delivery.Status, exp.Robots, strings.Join(exp.URLs, "\n"), string(view.ReadingOf(exp)),
		strings.Join(w.URLs, "\n"), strings.Join(w.Verdicts, ",")}
	const read = `(() => {
		const v = id => document.getElementById(id).value;
		const rows = [...document.querySelectorAll("table.results tbody tr")];
		return {Token: v("token"), Status: v("delivery-status"), Robots: v("robots-src"), URLs: v("urls"), Reading: v("reading"),
			Rows: rows.map(r => r.querySelector("button.choose").textContent).join("\n"), Rules: rows.map(r => r.dataset.rules).join()};
	})()`
	wj, _ := json.Marshal(wantC)
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`JSON.stringify(%s) === %s`, read, jsString(string(wj))),
		chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		p.t.Fatalf("after %s the controls show\n%+v\nwant\n%+v", after, eval[controls](p, read), wantC)
	}
}
