package record

import (
	"strings"
	"testing"

	"robots-explorer/matcher/delivery"
)

// The Markdown record leads with the verdict a crawler acts on: with
// delivery facts that decide (RFC 9309 §2.3.1.4: a 503 disallows all;
// §2.3.1.3: a 404 allows all), the effective verdict, with the rules'
// beside it; with facts that settle nothing, that; otherwise the rules'.
func TestRecordMarkdownHeadline(t *testing.T) {
	tests := []struct {
		name, url string
		d         *delivery.Facts
		want      string
	}{
		{"no facts: the rules' verdict", "/fish", nil, "**Allowed** — "},
		{"200: the rules decide", "/x.php", &delivery.Facts{Status: 200}, "**Disallowed** — "},
		{"503 over an allow (§2.3.1.4)", "/fish", &delivery.Facts{Status: 503}, "**Disallowed** with this delivery (rules: allowed) — "},
		{"404 over a disallow (§2.3.1.3)", "/x.php", &delivery.Facts{Status: 404}, "**Allowed** with this delivery (rules: disallowed) — "},
		{"503 leaves /robots.txt allowed (§2.2.2)", "/robots.txt", &delivery.Facts{Status: 503}, "**Allowed** — "},
		{"a redirect at the end settles nothing", "/fish", &delivery.Facts{Status: 301}, "**Not settled by the delivery facts** (rules: allowed) — "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			md := newTestRecord(t, tc.url, tc.d).Markdown()
			_, rest, _ := strings.Cut(md, "# Crawl decision record\n\n")
			if !strings.HasPrefix(rest, tc.want) {
				head, _, _ := strings.Cut(rest, "\n")
				t.Errorf("headline %q, want it to start %q", head, tc.want)
			}
		})
	}
}
