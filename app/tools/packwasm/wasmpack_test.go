//go:build !wasm

package main

import (
	"bytes"
	"encoding/binary"
	"io"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// testModule assembles a module from sections (id, payload), after the
// header of the WebAssembly binary format (core specification 5.5.16).
func testModule(sections ...wasmSection) []byte {
	m := append([]byte(nil), wasmHeader...)
	for _, s := range sections {
		m = append(m, s.id)
		m = binary.AppendUvarint(m, uint64(len(s.payload)))
		m = append(m, s.payload...)
	}
	return m
}

// memorySection declares one memory of one page (5.5.8): the module owns
// its memory, as Go's modules do.
var memorySection = wasmSection{5, []byte{1, 0x00, 1}}

// dataSegmentsOf reads the segments of a module's data sections, in the
// order the module lists them.
func dataSegmentsOf(t testing.TB, module []byte) []dataSegment {
	t.Helper()
	sections, err := readSections(module)
	if err != nil {
		t.Fatal(err)
	}
	var all []dataSegment
	for _, s := range sections {
		if s.id != sectionData {
			continue
		}
		segs, err := readDataSegments(s.payload)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, segs...)
	}
	return all
}

// imageOf applies a module's data segments in order to a zeroed memory, as
// instantiation does (core specification 4.5.4), and returns the memory's
// non-zero bytes by address. The image is sparse because a segment may sit
// near the top of the 4 GiB address space (an i32.const below zero).
func imageOf(t testing.TB, module []byte) map[uint64]byte {
	t.Helper()
	mem := map[uint64]byte{}
	for _, seg := range dataSegmentsOf(t, module) {
		for i, c := range seg.init {
			addr := uint64(seg.offset) + uint64(i)
			if c == 0 {
				delete(mem, addr)
			} else {
				mem[addr] = c
			}
		}
	}
	return mem
}

// The data section's plain segment (5.5.14, flags 0): "i32.const offset;
// end", then the bytes.
func dataSection(segs ...dataSegment) wasmSection {
	return wasmSection{sectionData, writeDataSegments(segs)}
}

func TestPackWasmJoinsSegments(t *testing.T) {
	far := uint32(16 + 2 + maxZeroGap + 1) // one zero more than packWasm bridges
	tests := []struct {
		name     string
		segs     []dataSegment
		segments int // after packing
	}{
		{"a short gap is bridged", []dataSegment{{16, []byte("ab")}, {26, []byte("cd")}}, 1},
		{"touching segments join", []dataSegment{{16, []byte("ab")}, {18, []byte("cd")}}, 1},
		{"the longest bridged gap", []dataSegment{{16, []byte("ab")}, {18 + maxZeroGap, []byte("cd")}}, 1},
		{"a longer gap is kept", []dataSegment{{16, []byte("ab")}, {far, []byte("cd")}}, 2},
		// Go writes one segment out of address order; segments that do not
		// overlap may be written in any order.
		{"out of order", []dataSegment{{40, []byte("ef")}, {16, []byte("ab")}, {26, []byte("cd")}}, 1},
		{"negative i32.const is a high address", []dataSegment{{0xfffffff0, []byte("hi")}, {16, []byte("ab")}}, 2},
		{"an empty segment", []dataSegment{{16, []byte("ab")}, {20, nil}, {30, []byte("cd")}}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			custom := wasmSection{0, []byte("\x0ago:buildid\xff Go build ID: \"x\"\n \xff")}
			in := testModule(custom, memorySection, dataSection(tt.segs...))
			out, err := packWasm(in)
			if err != nil {
				t.Fatal(err)
			}
			if got := len(dataSegmentsOf(t, out)); got != tt.segments {
				t.Errorf("%d segments after packing, want %d", got, tt.segments)
			}
			if got, want := imageOf(t, out), imageOf(t, in); !maps.Equal(got, want) {
				t.Errorf("the memory image changed:\n got %v\nwant %v", got, want)
			}
			// Custom sections (Go's build ID is one) stay as they are.
			if !bytes.HasPrefix(out, testModule(custom)) {
				t.Error("the custom section did not stay first and unchanged")
			}
			again, err := packWasm(out)
			if err != nil || !bytes.Equal(again, out) {
				t.Errorf("packing a packed module changed it (err %v)", err)
			}
		})
	}
}

// packWasm refuses modules whose memory it cannot prove unchanged, and
// malformed ones, with an error rather than a wrong file.
func TestPackWasmRefuses(t *testing.T) {
	seg := dataSection(dataSegment{16, []byte("ab")})
	tests := []struct {
		name   string
		module []byte
		want   string
	}{
		{"not wasm", []byte("\x7fELF\x02\x01\x01\x00"), "not a WebAssembly module"},
		{"version 2", []byte("\x00asm\x02\x00\x00\x00"), "not a WebAssembly module"},
		{"truncated section", func() []byte { m := testModule(seg); return m[:len(m)-1] }(), "truncated"},
		{"passive segment (5.5.14 flags 1)", testModule(wasmSection{sectionData, []byte{1, 0x01, 2, 'a', 'b'}}), "not a plain active segment"},
		{"explicit memory (flags 2)", testModule(wasmSection{sectionData, []byte{1, 0x02, 0, 0x41, 16, 0x0b, 2, 'a', 'b'}}), "not a plain active segment"},
		{"global.get offset", testModule(wasmSection{sectionData, []byte{1, 0x00, 0x23, 0, 0x0b, 2, 'a', 'b'}}), "not i32.const"},
		{"longer offset expression", testModule(wasmSection{sectionData, []byte{1, 0x00, 0x41, 16, 0x41, 0, 0x0b, 2, 'a', 'b'}}), "longer than one constant"},
		{"bytes left over", testModule(wasmSection{sectionData, append(seg.payload, 0)}), "left over"},
		{"overlapping segments", testModule(dataSection(dataSegment{16, []byte("abcd")}, dataSegment{18, []byte("xy")})), "overlap"},
		{"two data sections (5.5.2)", testModule(seg, seg), "more than one data section"},
		{"DataCount section (5.5.15)", testModule(wasmSection{sectionDataCount, []byte{1}}, seg), "DataCount"},
		{"imported memory (5.5.5)", testModule(wasmSection{sectionImport, []byte{1, 2, 'g', 'o', 3, 'm', 'e', 'm', 0x02, 0x00, 1}}, seg), "imports its memory"},
		{"unknown import kind", testModule(wasmSection{sectionImport, []byte{1, 1, 'a', 1, 'b', 0x09}}, seg), "unknown kind"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := packWasm(tt.module)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want one saying %q", err, tt.want)
			}
		})
	}
}

// Imports of functions, tables and globals (Go imports functions) leave the
// memory the module's own, so the segments are packed.
func TestPackWasmAcceptsOtherImports(t *testing.T) {
	imports := wasmSection{sectionImport, []byte{3,
		2, 'g', 'o', 1, 'f', 0x00, 0, // function of type 0
		2, 'g', 'o', 1, 't', 0x01, 0x70, 0x01, 1, 2, // table of funcref, limits 1..2
		2, 'g', 'o', 1, 'g', 0x03, 0x7f, 0x00, // immutable i32 global
	}}
	in := testModule(imports, memorySection, dataSection(dataSegment{16, []byte("ab")}, dataSegment{26, []byte("cd")}))
	out, err := packWasm(in)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(dataSegmentsOf(t, out)); n != 1 {
		t.Errorf("%d segments after packing, want 1", n)
	}
}

// The reader's limits: LEB128 values of at most five bytes that fit 32
// bits (core specification 5.2.2).
func TestWasmReaderLEB128(t *testing.T) {
	for _, tt := range []struct {
		in   []byte
		want uint32
		ok   bool
	}{
		{[]byte{0x00}, 0, true},
		{[]byte{0x7f}, 127, true},
		{[]byte{0xe5, 0x8e, 0x26}, 624485, true},
		{[]byte{0xff, 0xff, 0xff, 0xff, 0x0f}, 1<<32 - 1, true},
		{[]byte{0xff, 0xff, 0xff, 0xff, 0x1f}, 0, false},       // 33 bits
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 0, false}, // six bytes
		{[]byte{0x80}, 0, false},                               // truncated
	} {
		r := &wasmReader{b: tt.in}
		if got := r.u32(); (r.err == nil) != tt.ok || got != tt.want {
			t.Errorf("u32(% x) = %d, %v; want %d, ok %v", tt.in, got, r.err, tt.want, tt.ok)
		}
	}
	for _, tt := range []struct {
		in   []byte
		want int32
		ok   bool
	}{
		{[]byte{0x00}, 0, true},
		{[]byte{0x7f}, -1, true},
		{[]byte{0x80, 0x7f}, -128, true},
		{[]byte{0xff, 0xff, 0xff, 0xff, 0x07}, 1<<31 - 1, true},
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x78}, -1 << 31, true},
		{[]byte{0xff, 0xff, 0xff, 0xff, 0x0f}, 0, false}, // 2^32-1 does not fit
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x70}, 0, false}, // -2^32 does not fit
		{[]byte{0xff}, 0, false},                         // truncated
	} {
		r := &wasmReader{b: tt.in}
		if got := r.s32(); (r.err == nil) != tt.ok || got != tt.want {
			t.Errorf("s32(% x) = %d, %v; want %d, ok %v", tt.in, got, r.err, tt.want, tt.ok)
		}
		if tt.ok {
			if back := (&wasmReader{b: appendS32(nil, tt.want)}).s32(); back != tt.want {
				t.Errorf("appendS32(%d) reads back as %d", tt.want, back)
			}
		}
	}
}

// Any bytes: packWasm never panics, and what it packs keeps its memory
// image and stays packed.
func FuzzPackWasm(f *testing.F) {
	f.Add(testModule(memorySection, dataSection(dataSegment{16, []byte("ab")}, dataSegment{26, []byte("cd")})))
	f.Add(testModule(dataSection(dataSegment{40, []byte("ef")}, dataSegment{16, []byte("ab")})))
	f.Add(testModule(wasmSection{sectionImport, []byte{1, 1, 'a', 1, 'b', 0x00, 0}}, dataSection(dataSegment{1, []byte("z")})))
	f.Fuzz(func(t *testing.T, module []byte) {
		out, err := packWasm(module)
		if err != nil {
			return
		}
		if !maps.Equal(imageOf(t, out), imageOf(t, module)) {
			t.Fatal("the memory image changed")
		}
		again, err := packWasm(out)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("packing a packed module changed it (err %v)", err)
		}
	})
}

// packwasm writes OUT only when its bytes change, so make does not remake
// the compressed forms after a build that changed nothing.
func TestPackWasmFileWritesOnlyChanges(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "linked.wasm"), filepath.Join(dir, "app.wasm")
	module := testModule(memorySection, dataSection(dataSegment{16, []byte("ab")}, dataSegment{26, []byte("cd")}))
	if err := os.WriteFile(in, module, 0o644); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{in, out}, io.Discard); code != 0 {
		t.Fatalf("first packwasm exited %d", code)
	}
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := os.Chtimes(out, old, old); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{in, out}, io.Discard); code != 0 {
		t.Fatalf("second packwasm exited %d", code)
	}
	if fi, err := os.Stat(out); err != nil || !fi.ModTime().Equal(old) {
		t.Errorf("packwasm rewrote an up-to-date file (%v)", err)
	}
	if err := os.WriteFile(in, testModule(memorySection, dataSection(dataSegment{16, []byte("xy")})), 0o644); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{in, out}, io.Discard); code != 0 {
		t.Fatalf("third packwasm exited %d", code)
	}
	if got, _ := os.ReadFile(out); !bytes.Contains(got, []byte("xy")) {
		t.Error("packwasm did not write a changed module")
	}
	var stderr bytes.Buffer
	if code := run([]string{in}, &stderr); code != exitUsage || !strings.Contains(stderr.String(), "usage") {
		t.Errorf("one argument: exit %d, %q; want usage", code, stderr.String())
	}
}
