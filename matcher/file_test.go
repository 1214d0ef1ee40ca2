package matcher

import (
	"reflect"
	"strings"
	"testing"
)

// TestModelHoldsNoPointers: a Line and a Rule hold no pointers, so the
// hundreds of thousands a large file has are never scanned by the garbage
// collector nor written under its write barrier, and they stay small. A
// field that brings a pointer back (a string, a slice) fails here.
func TestModelHoldsNoPointers(t *testing.T) {
	for _, tt := range []struct {
		typ  reflect.Type
		size uintptr
	}{
		{reflect.TypeFor[Line](), 44},
		{reflect.TypeFor[Rule](), 16}, // six million in 100 MiB of short lines (issue 16)
	} {
		if p := pointerField(tt.typ); p != "" {
			t.Errorf("%s.%s holds a pointer", tt.typ.Name(), p)
		}
		if tt.typ.Size() > tt.size {
			t.Errorf("a %s is %d bytes, want at most %d", tt.typ.Name(), tt.typ.Size(), tt.size)
		}
	}
}

// pointerField returns the name of the first field of struct type t that
// is or holds a pointer, or "".
func pointerField(t reflect.Type) string {
	for i := range t.NumField() {
		f := t.Field(i)
		switch f.Type.Kind() {
		case reflect.Struct:
			if p := pointerField(f.Type); p != "" {
				return f.Name + "." + p
			}
		case reflect.Bool, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int,
			reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint:
		default:
			return f.Name
		}
	}
	return ""
}

// A Rule keeps whether it allows and the pattern its reading compares in
// one word, beside its line and pattern.
func TestRuleBits(t *testing.T) {
	for _, allow := range []bool{false, true} {
		r := NewRuleAt(7, allow, Span{3, 9})
		r.setDerived(1<<30 + 5)
		if r.Allow() != allow || r.derived() != 1<<30+5 || r.Line != 7 || r.Pattern != (Span{3, 9}) {
			t.Errorf("NewRuleAt(7, %v, {3 9}) with pattern 1<<30+5: %+v, allow %v, derived %d", allow, r, r.Allow(), r.derived())
		}
	}
}

// A Group, a Rule and an Agent stay as small as their fields allow and
// hold nothing the collector follows: a 100 MiB file of short lines holds
// two million groups and agents and six million rules (issue 16).
func TestGroupAndAgentSizes(t *testing.T) {
	for _, tt := range []struct {
		typ         reflect.Type
		size        uintptr
		pointerFree bool
	}{
		{reflect.TypeFor[Group](), 24, true},
		{reflect.TypeFor[Rule](), 16, true},
		{reflect.TypeFor[Agent](), 16, true},
	} {
		if n := tt.typ.Size(); n != tt.size {
			t.Errorf("a %s is %d bytes, want %d", tt.typ.Name(), n, tt.size)
		}
		if tt.pointerFree && holdsPointers(tt.typ) {
			t.Errorf("a %s holds a pointer", tt.typ.Name())
		}
	}
}

// holdsPointers says whether a value of type t holds anything the garbage
// collector follows.
func holdsPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Array:
		return holdsPointers(t.Elem())
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return false
	}
	return true
}

// RuleHint counts at least every rule of a large file whose lines end in
// LF, indented ones too, and fewer than its lines; a small file, or one
// whose lines end in a lone CR, gets its number of lines or grows its
// array, and every reading still reads every rule.
func TestRuleHint(t *testing.T) {
	var b strings.Builder
	rules := 0
	for i := 0; b.Len() < hintFrom; i++ {
		switch i % 6 {
		case 0:
			b.WriteString("User-agent: bot\n")
		case 1:
			b.WriteString("Disallow: /a\n")
		case 2:
			b.WriteString("  allow: /b\n")
		case 3:
			b.WriteString("# comment\n")
		case 4:
			b.WriteString("\tDISALLOW: /c\n")
		case 5:
			b.WriteString("Sitemap: /s\n")
		}
		if i%6 == 1 || i%6 == 2 || i%6 == 4 {
			rules++
		}
	}
	src := b.String()
	lines := strings.Count(src, "\n") + 1
	f := ParseText(RFC9309, src)
	if got := f.RuleHint(lines); got < rules || got >= lines {
		t.Errorf("RuleHint = %d for %d rules in %d lines", got, rules, lines)
	}
	if small := ParseText(RFC9309, "Disallow: /\n# x\n"); small.RuleHint(3) != 3 {
		t.Errorf("RuleHint of a small file = %d, want its 3 lines", small.RuleHint(3))
	}
	cr := strings.ReplaceAll(src, "\n", "\r")
	for _, r := range Readings() {
		if n := countRules(ParseText(r, cr)); n != rules {
			t.Errorf("%s: %d rules read of %d in a file of lone CRs", r, n, rules)
		}
	}
}

func countRules(f *File) int {
	n := 0
	for _, g := range f.Groups {
		n += g.Rules.Len()
	}
	return n
}

// countLineStarts counts the LFs that a byte AgentHint counts follows and
// those a byte RuleHint counts follows, as the two-byte pairs would be
// counted.
func TestCountLineStarts(t *testing.T) {
	count := func(src, first string) (n int) {
		for _, b := range []byte(first) {
			n += strings.Count(src, "\n"+string(b))
		}
		return n
	}
	for _, src := range []string{"", "\n", "a", "\na", "a\nA\nb\n\nd", "\n\n\n", "x\nd", "x\nd\n", "\nu\nU\nuu\n u", "\n\tD\nUa\n\r\n "} {
		agents, rules := countLineStarts([]byte(src))
		if wa, wr := count(src, "uU"), count(src, "aAdD \t"); agents != wa || rules != wr {
			t.Errorf("countLineStarts(%q) = %d, %d, want %d, %d", src, agents, rules, wa, wr)
		}
	}
}
