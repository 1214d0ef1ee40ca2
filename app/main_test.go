package main

import (
	"os"
	"testing"

	"robots-explorer/app/internal/ui"
)

// TestMain registers the routes as main does: without them go-app's
// handler answers 404 and components cannot be routed in tests.
func TestMain(m *testing.M) {
	ui.Routes()
	os.Exit(m.Run())
}
