//go:build !wasm

package main

import (
	"io"
	"math"
	"os"
	"sync"
)

// splitReadBytes is the size from which a file is read as two halves at
// once (see readFile).
const splitReadBytes = 256 << 10

// readFile reads the named file whole. A large regular file is read as two
// halves on two goroutines: copying into fresh memory costs the kernel a
// page fault every 4 KiB, and so reading 500 KiB took about 0.3 ms on one
// processor before the parse could start. A file whose size changes while
// it is read is read again, whole, as os.ReadFile reads it.
func readFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() < splitReadBytes || st.Size() >= math.MaxInt32 {
		return os.ReadFile(name)
	}
	buf, ok := readHalves(f, int(st.Size()))
	if !ok {
		return os.ReadFile(name)
	}
	return buf, nil
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
