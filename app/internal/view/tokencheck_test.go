package view

import (
	"strings"
	"testing"
)

// RFC 9309 §2.2.1: a product token is letters, '-' and '_'. A pasted
// User-Agent header is recognized and its token offered; every message
// carries the reminder that a token is a name, not proof.
func TestTokenView(t *testing.T) {
	tests := []struct {
		in, kind, offer string
		verify          bool // a known crawler's verification is shown
	}{
		{"Googlebot", "ok", "", true},
		{"my-bot_2", "error", "my-bot_", false}, // a digit is outside the alphabet: a file would read "my-bot_"
		{"", "error", "", false},
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "header", "Googlebot", true},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "header", "bingbot", true},
		{"Googlebot/2.1", "header", "Googlebot", true},
		// A known name written with a space for its '-' is that crawler,
		// not the shorter one it starts with.
		{"Googlebot Image", "error", "Googlebot-Image", true},
		{"googlebot  news", "error", "Googlebot-News", true},
		{"Google Other", "error", "GoogleOther", true},
		{"Applebot Extended", "error", "Applebot-Extended", true},
		{"Fishbot Image", "header", "Fishbot", false}, // no known crawler: read as a header's words
	}
	for _, tc := range tests {
		v := NewTokenView(tc.in)
		if v.Kind != tc.kind || v.Offer != tc.offer {
			t.Errorf("%q: kind %q offer %q (%s); want %q %q", tc.in, v.Kind, v.Offer, v.Message, tc.kind, tc.offer)
		}
		if (v.Verify != "") != tc.verify {
			t.Errorf("%q: verify %q", tc.in, v.Verify)
		}
		if !strings.Contains(v.NotProof, "not proof") || !strings.Contains(v.NotProof, "reverse") {
			t.Errorf("%q: the not-proof text is missing: %q", tc.in, v.NotProof)
		}
		if v.Message == "" || v.Source != "RFC 9309 §2.2.1" {
			t.Errorf("%q: message %q source %q", tc.in, v.Message, v.Source)
		}
	}
}

// A control character the message quotes shows once in the .esc
// notation, as the command line shows it.
func TestTokenViewEscapesOnce(t *testing.T) {
	want := `"\x1B" at byte 2 may not stand in a product token: only the letters A-Z and a-z, '-' and '_' may. A file's user-agent line "a\x1Bb" would be read as "a".`
	if got := NewTokenView("a\x1bb").Message; got != want {
		t.Errorf("message %q\nwant    %q", got, want)
	}
}
