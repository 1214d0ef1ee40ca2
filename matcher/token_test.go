package matcher

import (
	"fmt"
	"robots-explorer/matcher/internal/ascii"
	"strings"
	"testing"
)

// firstAgents answers as a map from the ASCII-lower-cased token would,
// through growth, for tokens in mixed case, long ones and ones that differ
// only in case or length.
func TestFirstAgentsIsALowerCasedMap(t *testing.T) {
	var f File
	for i := 0; i < 3000; i++ {
		k := i % 701 // every token comes again, in another case or form
		tok := fmt.Sprintf("bot-%c%d", 'a'+k%26, k)
		switch i % 5 {
		case 1:
			tok = strings.ToUpper(tok)
		case 2:
			tok = strings.Repeat("Long", 20) + tok
		case 3:
			tok += "x"
		}
		f.agents = append(f.agents, f.NewAgent(int32(i+1), tok, tok, false))
	}
	var table firstAgents
	want := map[string]int{}
	for i, a := range f.agents {
		key := ascii.Lower(f.TokenOf(a))
		w, wok := want[key]
		if !wok {
			want[key], w = i, i
		}
		if got, ok := table.first(&f, i); got != w || ok != wok {
			t.Fatalf("agent %d (%q): first %d, %v; want %d, %v", i, f.TokenOf(a), got, ok, w, wok)
		}
	}
	if table.n != len(want) || len(want) >= len(f.agents) {
		t.Errorf("%d tokens in the table, want %d", table.n, len(want))
	}
}
