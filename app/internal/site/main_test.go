//go:build !wasm

package site

import (
	"os"
	"testing"

	"robots-explorer/app/internal/ui"
)

// TestMain registers the UI's routes as main does before serve and static:
// without them go-app's handler answers 404 and prerenders no page.
func TestMain(m *testing.M) {
	ui.Routes()
	os.Exit(m.Run())
}
