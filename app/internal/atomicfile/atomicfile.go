//go:build !wasm

// Package atomicfile writes a file so that an interrupted write never
// leaves a truncated file that looks complete: the build tools' outputs.
package atomicfile

import (
	"os"
	"path/filepath"
)

// WriteAtomic writes through a temporary file so that an interrupted build
// never leaves a truncated file that looks complete.
func WriteAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}
