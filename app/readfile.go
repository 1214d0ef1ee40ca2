//go:build !wasm

package main

import (
	"bytes"
	"io"
	"math"
	"os"
	"sync"
)

// splitReadBytes is the size from which a file is read as two halves at
// once (see readFile).
const splitReadBytes = 256 << 10

// readFile reads the named file whole, opening it once. A large regular
// file is read as two halves on two goroutines: copying into fresh memory
// costs the kernel a page fault every 4 KiB, and so reading 500 KiB took
// about 0.3 ms on one processor before the parse could start. Any other
// file, and one whose size changes while its halves are read, is read from
// the start to its end (readAll), as os.ReadFile would read it.
func readFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var size int64 // 0 when unknown: a pipe or a device says nothing
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() < math.MaxInt32 {
		size = st.Size()
	}
	if size >= splitReadBytes {
		if buf, ok := readHalves(f, int(size)); ok {
			return buf, nil
		}
		// ReadAt leaves the file's offset where it was: at the start.
	}
	return readAll(f, int(size))
}

// readAll reads r to its end into a buffer with room for size bytes and
// the read that finds the end, so a file whose size is known is read with
// one allocation, its bytes copied once.
func readAll(r io.Reader, size int) ([]byte, error) {
	var b bytes.Buffer
	b.Grow(size + bytes.MinRead)
	_, err := b.ReadFrom(r)
	return b.Bytes(), err
}

// readHalves reads the size bytes of f, its two halves at once, and
// reports false when f does not hold exactly size bytes.
func readHalves(f io.ReaderAt, size int) ([]byte, bool) {
	buf := make([]byte, size+1) // the byte past the end must read as none
	half := size / 2
	var wg sync.WaitGroup
	var n2 int
	var err2 error
	wg.Go(func() { n2, err2 = f.ReadAt(buf[half:size], int64(half)) })
	n1, err1 := f.ReadAt(buf[:half], 0)
	wg.Wait()
	// A ReadAt that fills its buffer up to the end may say io.EOF.
	if n1 < half || n2 < size-half || err1 != nil && err1 != io.EOF || err2 != nil && err2 != io.EOF {
		return nil, false // the file shrank, or could not be read
	}
	if n, _ := f.ReadAt(buf[size:], int64(size)); n != 0 {
		return nil, false // the file grew
	}
	return buf[:size], true
}
