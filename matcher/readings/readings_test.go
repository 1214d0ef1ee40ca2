package readings_test

import (
	"testing"

	"robots-explorer/matcher"
	_ "robots-explorer/matcher/readings"
)

// The readings package registers google right after the default.
func TestGoogleReadingRegistered(t *testing.T) {
	r, err := matcher.ParseReading("GOOGLE")
	if err != nil || r != matcher.Google {
		t.Fatalf("ParseReading(GOOGLE) = %q, %v", r, err)
	}
	rs := matcher.Readings()
	if len(rs) < 2 || rs[0] != matcher.RFC9309 || rs[1] != matcher.Google {
		t.Errorf("Readings() = %v, want rfc9309 then google first", rs)
	}
}
