package matcher

import (
	"slices"
	"testing"
)

// The compact store gives back every line exactly as stored, whether its
// spans fit in a byte each or must be kept whole.
func TestLineStoreRoundTrip(t *testing.T) {
	lines := []Line{
		{Start: 0, End: 10, Kind: KindAllow, Group: 0, Key: Span{0, 5}, Value: Span{7, 10}, Comment: Span{10, 10}},
		{Start: 11, End: 11, Kind: KindBlank, Group: -1, Key: Span{11, 11}, Value: Span{11, 11}, Comment: Span{11, 11}},
		// a line of 300 bytes: its value's end is 299 bytes past its start
		{Start: 12, End: 312, Kind: KindDisallow, Group: 3, Key: Span{12, 20}, Value: Span{22, 311}, Comment: Span{312, 312}},
		// offsets exactly at the one-byte limit, and one past it
		{Start: 400, End: 655, Kind: KindComment, Group: 7, Key: Span{400, 400}, Value: Span{400, 400}, Comment: Span{401, 655}},
		{Start: 700, End: 956, Kind: KindOther, Group: 7, Key: Span{700, 703}, Value: Span{705, 956}, Comment: Span{956, 956}},
		// a span before the line's start (no reading makes one; the store keeps it all the same)
		{Start: 1000, End: 1004, Kind: KindInvalid, Group: -1, Key: Span{999, 999}, Value: Span{1000, 1000}, Comment: Span{1004, 1004}},
		// a line of 400 bytes whose spans all fit in a byte: its end does not
		{Start: 2000, End: 2400, Kind: KindAllow, Group: 8, Key: Span{2000, 2005}, Value: Span{2007, 2010}, Comment: Span{2011, 2020}},
		{Start: 2401, End: 2402, Kind: KindBlank, Group: -1, Key: Span{2401, 2401}, Value: Span{2401, 2401}, Comment: Span{2402, 2402}},
	}
	var f File
	for i, l := range lines {
		l.Number = int32(i + 1)
		lines[i] = l
		f.AddLine(l)
	}
	for i, want := range lines {
		if got := f.Line(i); got != want {
			t.Errorf("line %d: got %+v, want %+v", i+1, got, want)
		}
	}
	// A long line made short again leaves nothing behind in the long map.
	short := lines[0]
	short.Number = 3
	*f.beginEdit(2) = short
	f.endEdit()
	// Positions find their line by its end, whole or kept in a byte.
	for _, c := range []struct{ offset, line, col int }{{2399, 7, 400}, {2400, 7, 401}, {2401, 8, 1}, {5, 1, 6}} {
		if p := f.lines.position(c.offset); p.Line != c.line || p.Column != c.col {
			t.Errorf("position(%d) = %+v, want line %d column %d", c.offset, p, c.line, c.col)
		}
	}
	if got := f.Line(2); got != short || len(f.lines.long) != 3 {
		t.Errorf("line 3 after its edit: %+v, %d long lines kept", got, len(f.lines.long))
	}
}

// Until endEdit, the line being edited reads and changes as the Line
// beginEdit handed over, as a pointer into a slice of Lines would.
func TestEditSeesItsOwnChanges(t *testing.T) {
	var f File
	f.AddLine(newLine(1, 0, 4))
	f.AddLine(newLine(2, 5, 9))
	l := f.beginEdit(1)
	l.Kind = KindAllow
	if f.Line(1).Kind != KindAllow {
		t.Error("Line does not read the edited line")
	}
	f.SetLineGroup(1, 4)
	if l.Group != 4 || f.LineGroup(1) != 4 {
		t.Errorf("SetLineGroup during the edit: line has group %d", l.Group)
	}
	f.SetLineGroup(0, 2) // another line: stored at once
	f.endEdit()
	if l := f.Line(1); l.Kind != KindAllow || l.Group != 4 {
		t.Errorf("after the edit: %+v", l)
	}
	if f.LineGroup(0) != 2 {
		t.Errorf("line 1 is in group %d, want 2", f.LineGroup(0))
	}
}

// AppendRule puts the rules of the group being read after the previous
// group's in one array; a run that is not the last moves to the end of
// the array before it grows, leaving its old place unused, and the slices
// RulesOf hands back have no room a caller's append could write into.
func TestAppendRule(t *testing.T) {
	var f File
	rule := func(n int32) Rule { return Rule{Line: n} }
	var a, b Run
	f.AppendRule(&a, rule(1))
	f.AppendRule(&a, rule(2))
	f.AppendRule(&b, rule(3))
	if a != (Run{0, 2}) || b != (Run{2, 3}) {
		t.Fatalf("a %v, b %v, array %v", a, b, f.rules)
	}
	// a is no longer the last run: it moves, and b stays where it is.
	f.AppendRule(&a, rule(4))
	f.AppendRule(&b, rule(5))
	lines := func(r Run) []int32 {
		var out []int32
		for _, x := range f.RulesOf(Group{Rules: r}) {
			out = append(out, x.Line)
		}
		return out
	}
	if got := lines(a); !slices.Equal(got, []int32{1, 2, 4}) || a.Start != 3 {
		t.Fatalf("a %v holds lines %v, array %v", a, got, f.rules)
	}
	if got := lines(b); !slices.Equal(got, []int32{3, 5}) {
		t.Fatalf("b %v holds lines %v, array %v", b, got, f.rules)
	}
	// A caller's append copies.
	rules := f.RulesOf(Group{Rules: a})
	c := append(rules, rule(6))
	if &c[0] == &rules[0] {
		t.Error("append to a returned slice wrote into the shared array")
	}
}

// The array of rules grows past the size it was made with, every run
// keeping its rules.
func TestAppendRuleOutgrowsTheArray(t *testing.T) {
	var f File
	var first, g Run
	f.AppendRule(&first, Rule{Line: 1})
	for n := int32(2); n <= 40; n++ {
		f.AppendRule(&g, Rule{Line: n})
	}
	if r := f.RulesOf(Group{Rules: first}); len(r) != 1 || r[0].Line != 1 || g.Len() != 39 {
		t.Fatalf("first %v, %d rules in g", r, g.Len())
	}
	for i, r := range f.RulesOf(Group{Rules: g}) {
		if r.Line != int32(i+2) {
			t.Fatalf("rule %d of g is line %d", i, r.Line)
		}
	}
}

// addNew stores what newLine makes, for short and long lines alike.
func TestAddNewIsNewLine(t *testing.T) {
	var s lineStore
	spans := [][2]int{{0, 0}, {1, 10}, {11, 266}, {267, 523}, {600, 5000}}
	for _, sp := range spans {
		s.addNew(sp[0], sp[1])
	}
	for i, sp := range spans {
		if got, want := s.get(i), newLine(i+1, sp[0], sp[1]); got != want {
			t.Errorf("line %d: %+v, want %+v", i+1, got, want)
		}
	}
}
