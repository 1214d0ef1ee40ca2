package matcher

import (
	"reflect"
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
		{reflect.TypeFor[Rule](), 16}, // over a million in 16 MiB of short lines
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
		r := newRuleAt(7, allow, Span{3, 9})
		r.setDerived(1<<30 + 5)
		if r.Allow() != allow || r.derived() != 1<<30+5 || r.Line != 7 || r.Pattern != (Span{3, 9}) {
			t.Errorf("newRuleAt(7, %v, {3 9}) with pattern 1<<30+5: %+v, allow %v, derived %d", allow, r, r.Allow(), r.derived())
		}
	}
}

// A Group and a Rule stay as small as their fields allow and hold nothing
// the collector follows: a file of short lines within check's 16 MiB
// limit holds a million groups and rules.
func TestGroupAndAgentSizes(t *testing.T) {
	for _, tt := range []struct {
		typ         reflect.Type
		size        uintptr
		pointerFree bool
	}{
		{reflect.TypeFor[Group](), 24, true},
		{reflect.TypeFor[Rule](), 16, true},
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
