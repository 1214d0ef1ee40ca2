package matcher

import (
	"math/rand"
	"strings"
	"testing"

	"robots-explorer/matcher/internal/gen"

	"robots-explorer/matcher/exposure"
)

// exposureOfPattern is what a parse asks of a rule's pattern: the RFC 9309
// §3 walk behind the quick pass of classifyRule.
func exposureOfPattern(p string) (secret, private string) {
	_, exposing := classifyRule(p)
	return exposure.Of(p, exposing)
}

// TestQuickExposurePassMissesNothing: the quick pass before the RFC 9309 §3 checks
// (exposing, from classifyRule's pass over the bytes) never turns away a
// pattern that the full walk would flag, for every word the checks know in
// any case, and for random patterns made of them.
func TestQuickExposurePassMissesNothing(t *testing.T) {
	// flagged are fragments the full walk flags as written; names are
	// credential names and area words that flag only beside a value or
	// alone as a segment, mixed in by the random patterns.
	flagged := []string{"admin", "administrator", "secret", "secrets", "backup", "backups", "private", "internal",
		"confidential", "phpmyadmin", "/wp-admin/", "/site_admin", "Backup-2024.zip", "/token/Xk9pQ2mZ7rT4",
		"x?api_key=1", "?api-key=1", "?pwd=x1", "?passwd=a", "?password=b", "?token=c", "?access_token=d",
		"?client_secret=e", "?auth_token=f", "x_token=1", "my_key=1", "my-key=1", "mysecret=1", "mypassword=1",
		"?key=4f9a2c71e", "?sid=a1b2c3d4e5", "?sig=7d6c5b4a3f", "?session=9f8e7d6c5b", "?sessionid=8f3k2j9d1",
		"?signature=1a2b3c4d5e", "?auth=a1b2c3d4e5", "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY"}
	names := []string{"key", "pwd", "sid", "sig", "auth", "token", "apikey", "passwd", "api_key", "api-key",
		"session", "password", "sessionid", "signature", "access_token", "private-sale", "admin-ajax", "4f9a2c71e",
		"=", "Xk9pQ2mZ"}
	words := append(append([]string(nil), flagged...), names...)
	noise := []string{"/", "?", "&", "=", ";", "*", "$", ".php", "%7E", "ツ", "-", "_", "0", "a", "Z", "x1"}
	check := func(p string) {
		t.Helper()
		s1, p1 := exposureOfPattern(p)
		s2, p2 := exposure.Scan(p)
		if s1 != s2 || p1 != p2 {
			t.Fatalf("%q: quick pass gives %q, %q; full walk %q, %q", p, s1, p1, s2, p2)
		}
	}
	for _, w := range words {
		for _, v := range []string{w, strings.ToUpper(w), "/" + w + "/", "/x?" + w} {
			check(v)
		}
	}
	for _, w := range flagged {
		if s, p := exposure.Scan(w); s == "" && p == "" {
			t.Errorf("%q: the full walk flags nothing, so this test checks nothing", w)
		}
	}
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := rng.Intn(6); n >= 0; n-- {
			if rng.Intn(3) == 0 {
				b.WriteString(words[rng.Intn(len(words))])
			} else {
				b.WriteString(noise[rng.Intn(len(noise))])
			}
		}
		check(b.String())
	}
}

// BenchmarkExposure is the RFC 9309 §3 walk over every pattern of a
// realistic 500 KiB file, quick pass included, as the parse runs it.
func BenchmarkExposure(b *testing.B) {
	f := Parse(RFC9309, gen.RealisticFile(500<<10), ParseOptions{})
	var patterns []string
	for _, l := range f.Lines() {
		if l.Kind == KindAllow || l.Kind == KindDisallow {
			patterns = append(patterns, f.TextOf(l.Value))
		}
	}
	b.ResetTimer()
	for b.Loop() {
		for _, p := range patterns {
			exposureOfPattern(p)
		}
	}
}
