//go:build !wasm

package main

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"

	"robots-explorer/app/internal/atomicfile"
)

// The Go linker writes the UI's initial memory as about a hundred thousand
// small data segments: it starts a new one after every run of eight or more
// zero bytes, which keeps the raw file small. But the file travels
// compressed, and each segment's header (an offset and a length that never
// repeat) compresses badly, while a run of zeros compresses to almost
// nothing. packWasm joins segments whose gap is short by writing the zeros
// out: the memory the module starts with is byte for byte the same, and
// app.wasm compresses smaller.

// maxZeroGap is the longest run of zeros packWasm writes out to join two
// segments. Go's gaps are mostly 8 to 64 bytes; bridging up to a page
// leaves about a hundred segments, and longer gaps (the zeroed variables)
// would only grow the raw file.
const maxZeroGap = 4096

// WebAssembly's binary format (core specification, section 5.5): the
// sections packWasm reads or checks.
const (
	sectionImport    = 2
	sectionData      = 11
	sectionDataCount = 12
)

var wasmHeader = []byte("\x00asm\x01\x00\x00\x00")

// run writes OUT, the module IN with its data segments joined. It
// leaves OUT untouched when it already holds those bytes, so that make
// does not redo the compressed forms (go build rewrites IN on every run, so
// IN cannot be packed in place). Like precompress it is a build step
// behind make build, not a command people need.
func run(args []string, stderr io.Writer) int {
	if len(args) != 2 {
		fmt.Fprintln(stderr, "usage: packwasm IN.wasm OUT.wasm")
		return exitUsage
	}
	if err := packWasmFile(args[0], args[1]); err != nil {
		fmt.Fprintf(stderr, "packwasm: %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

func packWasmFile(in, out string) error {
	module, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	packed, err := packWasm(module)
	if err != nil {
		return err
	}
	if old, err := os.ReadFile(out); err == nil && bytes.Equal(old, packed) {
		return nil
	}
	return atomicfile.WriteAtomic(out, packed)
}

// wasmSection is one section of a module: its id and its contents.
type wasmSection struct {
	id      byte
	payload []byte
}

// dataSegment is an active data segment of memory 0: bytes the memory
// holds at offset when the module starts.
type dataSegment struct {
	offset uint32
	init   []byte
}

func (s dataSegment) end() uint64 { return uint64(s.offset) + uint64(len(s.init)) }

// packWasm returns module with its data segments joined. Every other
// section is copied as it is, the custom ones too (the build ID among
// them).
// It refuses what it cannot prove unchanged: an imported memory (which may
// hold bytes other than zero), passive segments, segments that overlap, or
// a DataCount section (instructions could then name segments by index).
func packWasm(module []byte) ([]byte, error) {
	sections, err := readSections(module)
	if err != nil {
		return nil, err
	}
	out := append([]byte(nil), wasmHeader...)
	seenData := false
	for _, s := range sections {
		switch s.id {
		case sectionImport:
			if err := checkNoMemoryImport(s.payload); err != nil {
				return nil, err
			}
		case sectionDataCount:
			return nil, errors.New("the module has a DataCount section: its code may name data segments, so they are left as they are")
		case sectionData:
			// A module has at most one (core specification 5.5.2); a gap
			// zeroed in a second one could clear what the first wrote.
			if seenData {
				return nil, errors.New("the module has more than one data section")
			}
			seenData = true
			segs, err := readDataSegments(s.payload)
			if err == nil {
				segs, err = joinSegments(segs)
			}
			if err != nil {
				return nil, err
			}
			s.payload = writeDataSegments(segs)
		}
		out = append(out, s.id)
		out = binary.AppendUvarint(out, uint64(len(s.payload)))
		out = append(out, s.payload...)
	}
	return out, nil
}

func readSections(module []byte) ([]wasmSection, error) {
	if !bytes.HasPrefix(module, wasmHeader) {
		return nil, errors.New("not a WebAssembly module (version 1)")
	}
	r := &wasmReader{b: module[len(wasmHeader):]}
	var sections []wasmSection
	for len(r.b) > 0 && r.err == nil {
		id := r.byte()
		payload := r.bytes(r.u32())
		sections = append(sections, wasmSection{id, payload})
	}
	return sections, r.err
}

// checkNoMemoryImport fails when the module imports a memory: its bytes
// between segments need not be zero, so writing zeros there would change
// them.
func checkNoMemoryImport(payload []byte) error {
	r := &wasmReader{b: payload}
	for n := r.u32(); n > 0 && r.err == nil; n-- {
		r.bytes(r.u32()) // module name
		r.bytes(r.u32()) // field name
		switch kind := r.byte(); kind {
		case 0x00: // function: type index
			r.u32()
		case 0x01: // table: element type, limits
			r.byte()
			r.limits()
		case 0x02:
			return errors.New("the module imports its memory, whose bytes between segments may not be zero")
		case 0x03: // global: value type, mutability
			r.byte()
			r.byte()
		case 0x04: // tag: attribute, type index
			r.byte()
			r.u32()
		default:
			return fmt.Errorf("import of unknown kind %#x", kind)
		}
	}
	return r.done("import section")
}

func readDataSegments(payload []byte) ([]dataSegment, error) {
	r := &wasmReader{b: payload}
	n := r.u32()
	var segs []dataSegment
	for i := uint32(0); i < n && r.err == nil; i++ {
		// Only the plain form: flags 0 (active, memory 0) and the offset
		// as the constant expression "i32.const N; end".
		if flags := r.byte(); flags != 0 && r.err == nil {
			return nil, fmt.Errorf("data segment %d is not a plain active segment (flags %d)", i, flags)
		}
		if op := r.byte(); op != 0x41 && r.err == nil {
			return nil, fmt.Errorf("data segment %d has an offset that is not i32.const", i)
		}
		offset := r.s32()
		if op := r.byte(); op != 0x0b && r.err == nil {
			return nil, fmt.Errorf("data segment %d has an offset expression longer than one constant", i)
		}
		segs = append(segs, dataSegment{uint32(offset), r.bytes(r.u32())})
	}
	if err := r.done("data section"); err != nil {
		return nil, err
	}
	return segs, nil
}

// joinSegments sorts the segments by offset (segments that do not
// overlap may be written in any order) and joins neighbours whose gap is
// at most maxZeroGap, writing the gap's zeros out. Memory starts zeroed
// and no segment writes into a gap, so the memory image is the same.
func joinSegments(segs []dataSegment) ([]dataSegment, error) {
	slices.SortStableFunc(segs, func(a, b dataSegment) int { return cmp.Compare(a.offset, b.offset) })
	var out []dataSegment
	for i, s := range segs {
		if i > 0 && uint64(s.offset) < segs[i-1].end() {
			return nil, fmt.Errorf("data segments at %#x and %#x overlap", segs[i-1].offset, s.offset)
		}
		if k := len(out) - 1; k >= 0 && uint64(s.offset)-out[k].end() <= maxZeroGap {
			gap := make([]byte, uint64(s.offset)-out[k].end())
			out[k].init = append(append(out[k].init, gap...), s.init...)
			continue
		}
		out = append(out, dataSegment{s.offset, append([]byte(nil), s.init...)})
	}
	return out, nil
}

func writeDataSegments(segs []dataSegment) []byte {
	out := binary.AppendUvarint(nil, uint64(len(segs)))
	for _, s := range segs {
		out = append(out, 0x00, 0x41)
		out = appendS32(out, int32(s.offset))
		out = append(out, 0x0b)
		out = binary.AppendUvarint(out, uint64(len(s.init)))
		out = append(out, s.init...)
	}
	return out
}

// appendS32 appends v in signed LEB128, the encoding of i32.const.
func appendS32(b []byte, v int32) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// wasmReader reads the binary format's values; the first error sticks and
// later reads return zero values, so callers check once.
type wasmReader struct {
	b   []byte
	err error
}

var errTruncated = errors.New("truncated or malformed module")

func (r *wasmReader) byte() byte {
	if r.err != nil || len(r.b) == 0 {
		r.err = errTruncated
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *wasmReader) bytes(n uint32) []byte {
	if r.err != nil || uint64(n) > uint64(len(r.b)) {
		r.err = errTruncated
		return nil
	}
	s := r.b[:n:n]
	r.b = r.b[n:]
	return s
}

// u32 reads an unsigned LEB128 of at most five bytes. Unsigned LEB128 is
// Go's uvarint; signed LEB128 is not Go's varint (that one is zigzag), so
// s32 has its own loop.
func (r *wasmReader) u32() uint32 {
	v, n := binary.Uvarint(r.b)
	if r.err != nil || n <= 0 || n > 5 || v > math.MaxUint32 {
		r.err = errTruncated
		return 0
	}
	r.b = r.b[n:]
	return uint32(v)
}

// s32 reads a signed LEB128 of at most five bytes.
func (r *wasmReader) s32() int32 {
	var v int64
	for i := 0; i < 5; i++ {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		v |= int64(c&0x7f) << (7 * i)
		if c&0x80 == 0 {
			if c&0x40 != 0 {
				v |= -1 << (7 * (i + 1))
			}
			if v < -1<<31 || v > 1<<31-1 {
				break
			}
			return int32(v)
		}
	}
	r.err = errTruncated
	return 0
}

// limits reads a table's or memory's limits: flags, minimum, maybe maximum.
func (r *wasmReader) limits() {
	if flags := r.byte(); flags&1 != 0 {
		r.u32()
		r.u32()
		return
	}
	r.u32()
}

// done reports a read error, or bytes left over after what was read.
func (r *wasmReader) done(what string) error {
	if r.err != nil {
		return fmt.Errorf("%s: %w", what, r.err)
	}
	if len(r.b) > 0 {
		return fmt.Errorf("%s: %d bytes left over", what, len(r.b))
	}
	return nil
}
