//go:build !wasm

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestReadFile: a file large enough to be read in two halves, one just
// below that size and an empty one read back as they were written.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int{0, 1, splitReadBytes - 1, splitReadBytes, splitReadBytes + 1, 3*splitReadBytes + 7} {
		want := make([]byte, size)
		for i := range want {
			want[i] = byte(i*7 + i>>9)
		}
		name := filepath.Join(dir, "robots.txt")
		if err := os.WriteFile(name, want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readFile(name)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%d bytes: read %d bytes, err %v; want the file", size, len(got), err)
		}
	}
	if _, err := readFile(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing file read without an error")
	}
}

// changing is a file whose size is not the size its reader was told.
type changing struct{ data []byte }

func (c changing) ReadAt(p []byte, off int64) (int, error) {
	if off >= int64(len(c.data)) {
		return 0, io.EOF
	}
	n := copy(p, c.data[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// TestReadHalvesSeesChange: when the file holds fewer or more bytes than
// its size said (it changed between Stat and the reads), readHalves says
// so, and readFile then reads it again whole.
func TestReadHalvesSeesChange(t *testing.T) {
	data := bytes.Repeat([]byte("Disallow: /x\n"), 40000)
	if got, ok := readHalves(changing{data}, len(data)); !ok || !bytes.Equal(got, data) {
		t.Fatalf("the file as told: ok=%v, %d bytes of %d", ok, len(got), len(data))
	}
	for _, tt := range []struct {
		name string
		size int
	}{{"shrank", len(data) + 100}, {"shrank by one", len(data) + 1}, {"grew", len(data) - 100}, {"grew by one", len(data) - 1}} {
		if got, ok := readHalves(changing{data}, tt.size); ok {
			t.Errorf("%s: read %d bytes as if whole", tt.name, len(got))
		}
	}
}
