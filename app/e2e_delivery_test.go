//go:build e2e && !wasm

// Browser tests of delivery facts and the decision record: the
// "not verified" label, the effective verdict for each status class and
// for too many redirects (RFC 9309 §2.3.1), a pasted User-Agent header,
// a downloaded record, and the accessibility audit with the panel open.
// Same helpers as e2e_test.go, e2e_share_test.go and e2e_a11y_test.go.

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
	"robots-explorer/matcher/delivery"
	"robots-explorer/matcher/record"
)

// openDelivery opens the delivery panel from the keyboard: its summary
// takes the focus and Enter opens it.
func (p *page) openDelivery() {
	p.t.Helper()
	eval[bool](p, `(() => { document.getElementById("delivery-summary").focus(); return true; })()`)
	p.do(chromedp.KeyEvent("\r"))
	p.waitFor(`document.getElementById("delivery").open === true`)
}

// effective is the effective verdict shown beside the rules' one: its
// verdict, its text, and whether it is marked as overriding the rules.
type effective struct {
	Verdict   string `json:"verdict"`
	Text      string `json:"text"`
	Overrides bool   `json:"overrides"`
}

const readEffective = `(() => { const e = document.getElementById("effective-verdict");
	return e ? {verdict: e.dataset.verdict, text: e.textContent, overrides: e.classList.contains("overrides")} : {verdict: "", text: "", overrides: false}; })()`

// waitEffective waits until the chosen verdict shows verdict as the
// effective one and returns what is shown.
func (p *page) waitEffective(verdict string) effective {
	p.t.Helper()
	p.waitFor(fmt.Sprintf(`document.getElementById("effective-verdict")?.dataset.verdict === %q`, verdict))
	return eval[effective](p, readEffective)
}

// Without delivery facts every verdict says it is a local rule decision;
// a 404 makes the disallowed URL allowed (RFC 9309 §2.3.1.3: the file is
// unavailable), a 503 makes the allowed URL disallowed (§2.3.1.4), and six
// redirects are past the five a crawler must follow (§2.3.1.2). The rules'
// verdict stays beside the effective one.
func TestE2EDeliveryEffects(t *testing.T) {
	p := openExplorer(t)
	label := string(delivery.ScopeLocal)
	for _, id := range []string{"results-scope", "scope-label"} {
		if got := eval[string](p, fmt.Sprintf(`document.getElementById(%q)?.textContent ?? ""`, id)); !strings.Contains(got, label) {
			t.Errorf("#%s says %q, want %q", id, got, label)
		}
	}
	if eval[bool](p, `document.getElementById("delivery").open`) {
		t.Error("the delivery panel is open by default")
	}
	if got := eval[string](p, `document.getElementById("robots-url").textContent`); !strings.Contains(got, "not known") {
		t.Errorf("a bare path's governing robots.txt: %q", got)
	}
	p.openDelivery()

	// Row 0, /example/page.html, is disallowed by the rules.
	p.setField("delivery-status", "404")
	got := p.waitEffective("allowed")
	if !strings.Contains(got.Text, "allowed (file unavailable)") || !strings.Contains(got.Text, "disallowed") || !got.Overrides {
		t.Errorf("404: %+v", got)
	}
	if l := eval[string](p, `document.getElementById("scope-label").textContent`); l != string(delivery.ScopeReported) {
		t.Errorf("with facts the label says %q", l)
	}
	if s := eval[string](p, `document.getElementById("results-scope").textContent`); !strings.Contains(s, "every URL may be crawled") {
		t.Errorf("results summary with a 404: %q", s)
	}
	if e := eval[string](p, `document.getElementById("delivery-assessment").dataset.effect`); e != string(delivery.EffectAllowAll) {
		t.Errorf("404: effect %q", e)
	}

	// Row 1, /publications/report.html, is allowed by the rules.
	p.do(chromedp.Click(chromedp.CSS(`tbody tr[data-row="1"] button.choose`)))
	p.waitFor(`document.getElementById("verdict").dataset.verdict === "allowed"`)
	p.setField("delivery-status", "503")
	got = p.waitEffective("disallowed")
	if !strings.Contains(got.Text, "disallowed (file unreachable)") || !got.Overrides {
		t.Errorf("503: %+v", got)
	}
	if !eval[bool](p, `[...document.querySelectorAll("#delivery-assessment li.google")].some(li => li.textContent.startsWith("Google"))`) {
		t.Error("503: Google's documented behaviour is not shown, labelled as Google's")
	}

	// 200 after six redirects.
	hops := []string{}
	for i := 1; i <= 6; i++ {
		hops = append(hops, fmt.Sprintf("https://www.example.com/hop%d", i))
	}
	p.setField("delivery-status", "200")
	p.setField("delivery-redirects", strings.Join(hops, "\n"))
	got = p.waitEffective("allowed")
	p.waitFor(`document.querySelector('#delivery-assessment li[data-topic="redirects"]') !== null`)
	if note := eval[string](p, `document.getElementById("delivery-assessment").textContent`); !strings.Contains(note, "more than five") || !strings.Contains(note, "§2.3.1.2") {
		t.Errorf("six redirects: %q", note)
	}
	// Five are followed: the rules apply again. The verdict is allowed
	// either way, so wait for the six-hop note to go before reading it.
	p.setField("delivery-redirects", strings.Join(hops[:5], "\n"))
	p.waitFor(`!document.getElementById("delivery-assessment").textContent.includes("more than five")`)
	if got := p.waitEffective("allowed"); got.Overrides {
		t.Errorf("five redirects override the rules: %+v", got)
	}
	p.noConsoleErrors()
}

// A pasted User-Agent header is recognized: the page offers its product
// token, and "Use Googlebot" puts it in the field and re-decides every
// URL for Googlebot's own group.
func TestE2EUserAgentHeader(t *testing.T) {
	p := openExplorer(t)
	ex := permalink.State{Robots: "User-agent: Googlebot\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n",
		URLs: []string{"/private/x", "/public"}, Reading: string(matcher.RFC9309),
		Token: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"}
	p.setField("robots-src", ex.Robots)
	p.setField("urls", strings.Join(ex.URLs, "\n"))
	p.setField("token", ex.Token)
	before := want(t, ex)
	p.waitFor(`document.getElementById("use-token")?.dataset.token === "Googlebot"`)
	sameRows(t, p.shown(), before)
	if k := eval[string](p, `document.getElementById("token-check").dataset.kind`); k != "header" {
		t.Errorf("token check kind %q", k)
	}
	if txt := eval[string](p, `document.getElementById("use-token").textContent`); txt != "Use Googlebot" {
		t.Errorf("button %q", txt)
	}
	if !eval[bool](p, `document.querySelector("#token-check .not-proof").textContent.includes("not proof")`) {
		t.Error("the token check does not say a token is a name, not proof")
	}

	p.do(chromedp.Click(chromedp.ID("use-token")))
	ex.Token = "Googlebot"
	after := want(t, ex)
	if strings.Join(after.Verdicts, ",") == strings.Join(before.Verdicts, ",") {
		t.Fatalf("the test file gives the same verdicts for the header and the token: %v", after.Verdicts)
	}
	p.waitFor(`document.getElementById("token").value === "Googlebot" && document.getElementById("token-check").dataset.kind === "ok"`)
	p.waitFor(fmt.Sprintf(`[...document.querySelectorAll("table.results tbody tr")].map(r => r.dataset.verdict).join() === %q`,
		strings.Join(after.Verdicts, ",")))
	sameRows(t, p.shown(), after)
	p.noConsoleErrors()
}

// captureDownloads hooks the page so that a download is recorded, not
// saved: the Blob given to URL.createObjectURL, and the anchor's name and
// href when it is clicked.
const captureDownloads = `(() => {
	window.__blobs = []; window.__downloads = [];
	const create = URL.createObjectURL.bind(URL);
	URL.createObjectURL = b => { const u = create(b); window.__blobs.push({url: u, blob: b}); return u; };
	HTMLAnchorElement.prototype.click = function () { window.__downloads.push({name: this.download, href: this.href}); };
	return true; })()`

// download is one captured download.
type download struct {
	Name string `json:"name"`
	Type string `json:"type"`
	Text string `json:"text"`
}

// lastDownload waits for the n-th download and reads its blob.
func (p *page) lastDownload(n int) download {
	p.t.Helper()
	p.waitFor(fmt.Sprintf(`window.__downloads.length === %d`, n))
	js := `(async () => { const d = window.__downloads.at(-1); const b = window.__blobs.find(x => x.url === d.href).blob;
		return {name: d.name, type: b.type, text: await b.text()}; })()`
	return evalPromise[download](p, js, 60*time.Second)
}

// The chosen URL's record downloads as Markdown and as JSON, through a
// Blob URL on a created anchor; both carry the SHA-256 of the exact text
// in the editor, and the JSON the delivery facts entered.
func TestE2EDecisionRecord(t *testing.T) {
	p := openExplorer(t)
	eval[bool](p, captureDownloads)
	sum := sha256.Sum256([]byte(view.RFC9309Example().Robots))
	hash := hex.EncodeToString(sum[:])

	p.do(chromedp.Click(chromedp.ID("record-md")))
	md := p.lastDownload(1)
	if !strings.HasSuffix(md.Name, ".md") || !strings.HasPrefix(md.Type, "text/markdown") {
		t.Errorf("Markdown download %q of type %q", md.Name, md.Type)
	}
	for _, want := range []string{hash, "/example/page.html", string(delivery.ScopeLocal), "Googlebot"} {
		if !strings.Contains(md.Text, want) {
			t.Errorf("the Markdown record lacks %q", want)
		}
	}

	p.openDelivery()
	p.setField("delivery-status", "404")
	p.waitEffective("allowed")
	p.do(chromedp.Click(chromedp.ID("record-json")))
	js := p.lastDownload(2)
	var rec record.Record
	if err := json.Unmarshal([]byte(js.Text), &rec); err != nil {
		t.Fatalf("the JSON record does not parse: %v\n%s", err, js.Text)
	}
	if rec.File.SHA256 != hash || rec.File.Size != len(view.RFC9309Example().Robots) || rec.URL != "/example/page.html" ||
		rec.Token != "Googlebot" || rec.Verdict != "disallowed" || rec.EffectiveVerdict != "allowed" ||
		!rec.Delivery.Provided || rec.Delivery.Facts == nil || rec.Delivery.Facts.Status != 404 || rec.ToolVersion == "" {
		t.Errorf("JSON record: %+v", rec)
	}
	if js.Type != "application/json" || !strings.HasSuffix(js.Name, ".json") {
		t.Errorf("JSON download %q of type %q", js.Name, js.Type)
	}
	p.noConsoleErrors()
}

// The page with the delivery panel open, facts entered (notes and
// Google's behaviour shown), a pasted header and its offer, and the crawl
// vs security notes, has no serious or critical accessibility violation.
func TestE2EDeliveryAccessibility(t *testing.T) {
	p := openExplorer(t)
	p.setField("robots-src", "User-agent: *\nDisallow: /admin/\nNoindex: /drafts/\n")
	p.setField("urls", "/admin/x\n/b")
	p.setField("token", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
	p.waitFor(`document.getElementById("use-token") !== null && document.getElementById("scope-notes") !== null`)
	p.openDelivery()
	p.setField("delivery-status", "429")
	p.setField("delivery-type", "text/html")
	p.waitFor(`document.querySelector("#delivery-assessment li.google") !== null`)
	p.auditAtBothWidths("delivery panel open")
	p.noConsoleErrors()
}

// Delivery facts travel in a link: opening one shows them in the panel's
// fields and applies them to the chosen verdict (RFC 9309 §2.3.1.4: a
// 503 means complete disallow).
func TestE2EDeliveryLink(t *testing.T) {
	p := openExplorer(t)
	p.open("/#robots=User-agent%3A%20*%0AAllow%3A%20%2F%0A&token=Googlebot&url=%2Fa&status=503&type=text%2Fplain")
	p.waitFor(`document.getElementById("verdict")?.dataset.rules === "allowed"`)
	if got := p.waitEffective("disallowed"); !got.Overrides {
		t.Errorf("503 from a link: %+v", got)
	}
	if v := eval[string](p, `document.getElementById("delivery-status").value + "|" + document.getElementById("delivery-type").value`); v != "503|text/plain" {
		t.Errorf("the panel's fields show %q", v)
	}
	p.noConsoleErrors()
}
