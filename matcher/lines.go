package matcher

import (
	"sort"
)

// lineStore keeps a File's lines in 16 bytes each instead of a Line's 44:
// in a file of short lines, a Line for each would be more than the file
// and most of what a parse keeps. A line's number is its index, and its
// end and its key, value and comment spans are kept as byte offsets from
// its start, one byte each, which fits every line shorter than 256 bytes;
// a line whose end or spans do not fit keeps them whole in long, so that
// the store stays exact for any bytes. Such a line is at least 256 bytes
// long, so long's share of the memory stays small beside the file's. (The
// end kept whole in every record would make a record 20 bytes.)
type lineStore struct {
	recs []lineRec
	long map[int32]lineSpans // by index, for the lines whose rel is unused
	// edit is the line beginEdit handed over, and editing its index (-1
	// when none): reading or changing that line while it is being edited
	// reads or changes the Line being edited, as with a pointer into a
	// slice of Lines.
	edit    *Line
	editing int
	scratch Line // what edit points to: no allocation per edit
}

// A lineRec is one stored line.
type lineRec struct {
	start, group int32
	rel          [6]uint8 // key, value and comment span ends, less start
	n            uint8    // the line's length, end less start
	kind         Kind     // with kindLong set when the end and spans are in long
}

// lineSpans are a line's end and its key, value and comment spans, whole.
type lineSpans struct {
	end                 int32
	key, value, comment Span
}

// fits reports whether a line from at to end with these span offsets
// (less at) fits a lineRec: a negative offset has its high bits set, as
// has one over 0xFF.
func fits(at, end int32, d0, d1, d2, d3, d4, d5 int32) bool {
	return uint32(end-at|d0|d1|d2|d3|d4|d5) <= 0xFF
}

// end is the byte offset just past line i (0-based), which must exist.
func (s *lineStore) end(i int) int32 {
	if s.edit != nil && i == s.editing {
		return s.edit.End
	}
	r := &s.recs[i]
	if r.kind&kindLong != 0 {
		return s.long[int32(i)].end
	}
	return r.start + int32(r.n)
}

// kindLong marks a lineRec whose spans are in lineStore.long.
const kindLong Kind = 0x80

func (s *lineStore) len() int { return len(s.recs) }

// get is line i (0-based) as a full Line.
func (s *lineStore) get(i int) Line {
	if s.edit != nil && i == s.editing {
		return *s.edit
	}
	r := &s.recs[i]
	l := Line{Number: int32(i + 1), Start: r.start, End: r.start + int32(r.n), Kind: r.kind &^ kindLong, Group: r.group}
	if r.kind&kindLong != 0 {
		sp := s.long[int32(i)]
		l.End, l.Key, l.Value, l.Comment = sp.end, sp.key, sp.value, sp.comment
		return l
	}
	at := func(k int) int32 { return r.start + int32(r.rel[k]) }
	l.Key = Span{at(0), at(1)}
	l.Value = Span{at(2), at(3)}
	l.Comment = Span{at(4), at(5)}
	return l
}

// addNew appends the line [start, end) as newLine makes it, without
// encoding a whole Line: NewScanner calls it for every line of a file.
func (s *lineStore) addNew(start, end int) {
	n := end - start
	if n > 0xFF {
		s.add(newLine(len(s.recs)+1, start, end))
		return
	}
	s.recs = append(s.recs, lineRec{start: int32(start), group: -1, n: uint8(n),
		rel: [6]uint8{0, 0, 0, 0, uint8(n), uint8(n)}})
}

// addRead appends l as the next line, for a reading that reads each line
// as it splits it: one record written whole when the spans fit, as most
// do, rather than a blank one filled in by put.
func (s *lineStore) addRead(l *Line) {
	at := l.Start
	d0, d1, d2 := l.Key.Start-at, l.Key.End-at, l.Value.Start-at
	d3, d4, d5 := l.Value.End-at, l.Comment.Start-at, l.Comment.End-at
	if !fits(at, l.End, d0, d1, d2, d3, d4, d5) {
		s.add(*l)
		return
	}
	s.recs = append(s.recs, lineRec{start: l.Start, group: l.Group, kind: l.Kind, n: uint8(l.End - at),
		rel: [6]uint8{uint8(d0), uint8(d1), uint8(d2), uint8(d3), uint8(d4), uint8(d5)}})
}

// add appends l as the next line.
func (s *lineStore) add(l Line) {
	s.recs = append(s.recs, lineRec{})
	s.put(len(s.recs)-1, &l)
}

// put stores l as line i, keeping its spans in long when they do not fit
// in a byte each. It writes the record in place, where making and
// copying a record as a value would cost a copy on every line.
func (s *lineStore) put(i int, l *Line) {
	r := &s.recs[i]
	r.start, r.group, r.kind = l.Start, l.Group, l.Kind
	at := l.Start
	d0, d1, d2 := l.Key.Start-at, l.Key.End-at, l.Value.Start-at
	d3, d4, d5 := l.Value.End-at, l.Comment.Start-at, l.Comment.End-at
	if fits(at, l.End, d0, d1, d2, d3, d4, d5) {
		r.n = uint8(l.End - at)
		r.rel = [6]uint8{uint8(d0), uint8(d1), uint8(d2), uint8(d3), uint8(d4), uint8(d5)}
		if s.long != nil {
			delete(s.long, int32(i))
		}
		return
	}
	if s.long == nil {
		s.long = map[int32]lineSpans{}
	}
	s.long[int32(i)] = lineSpans{l.End, l.Key, l.Value, l.Comment}
	r.kind |= kindLong
}

// setGroup puts line i (0-based) in group g.
func (s *lineStore) setGroup(i int, g int32) {
	if s.edit != nil && i == s.editing {
		s.edit.Group = g
		return
	}
	s.recs[i].group = g
}

// group is the group of line i (0-based).
func (s *lineStore) group(i int) int32 {
	if s.edit != nil && i == s.editing {
		return s.edit.Group
	}
	return s.recs[i].group
}

// position maps a byte offset to its position, by binary search over the
// lines' ends.
func (s *lineStore) position(offset int) Position {
	recs := s.recs
	i := sort.Search(len(recs), func(i int) bool { return int(s.end(i)) >= offset })
	if i == len(recs) {
		i = len(recs) - 1
	}
	if i < 0 {
		return Position{Offset: offset, Line: 1, Column: 1}
	}
	col := max(offset-int(recs[i].start)+1, 1)
	return Position{Offset: offset, Line: i + 1, Column: col}
}

// store is f's lines.
func (f *File) store() *lineStore { return &f.lines }

// RuleText is the text of the line of r, a rule of f's groups.
func (f *File) RuleText(r Rule) string { return f.Text(int(r.Line)) }

// NumLines is the number of lines of f.
func (f *File) NumLines() int { return f.store().len() }

// Line is the line of f at index i (0-based: line number i+1); it panics,
// as a slice would, when there is no such line.
func (f *File) Line(i int) Line { return f.store().get(i) }

// LineGroup is the group of the line at index i, or -1; it reads only
// that field of the stored line.
func (f *File) LineGroup(i int) int32 { return f.store().group(i) }

// beginEdit is the line at index i, to change until endEdit stores it,
// for ReadLines and BeginLine to hand over. Until then, Line, LineGroup
// and SetLineGroup of index i read and change the Line it points to.
func (f *File) beginEdit(i int) *Line {
	s := f.store()
	if s.edit != nil {
		panic("matcher: a line edited inside another's edit")
	}
	s.scratch = s.get(i)
	s.edit, s.editing = &s.scratch, i
	return s.edit
}

// endEdit stores the line beginEdit handed over.
func (f *File) endEdit() {
	s := f.store()
	i := s.editing
	s.edit, s.editing = nil, -1
	s.put(i, &s.scratch)
}

// AddLine is for a Reader's Parse that splits the lines its own way: it
// appends l as the next line; l.Number is implied by the order.
func (f *File) AddLine(l Line) { f.store().add(l) }

// SetLineGroup is for a Reader's Parse: it puts the line at index i in
// group g.
func (f *File) SetLineGroup(i int, g int32) { f.store().setGroup(i, g) }

// Lines returns every line of f, made afresh: for a caller that walks them
// all at once (a test, a view of the whole file); Line reads one.
func (f *File) Lines() []Line {
	out := make([]Line, f.NumLines())
	for i := range out {
		out[i] = f.Line(i)
	}
	return out
}
